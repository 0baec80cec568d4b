import { CopyOutlined } from '@ant-design/icons'
import { App, Button, Flex, Tooltip, Typography, theme } from 'antd'
import type { ReactNode } from 'react'
import { useT } from '../../i18n/define.ts'
import { copyText } from '../../lib/clipboard.ts'
import { getStartedMessages } from './get-started.i18n.ts'

/**
 * Code (an example, an address, an answer) with its copy button. Long lines scroll inside the block,
 * never the page, so a phone shows the rest of the screen at its own width.
 */
export function CodeBlock({
  code,
  copyLabel,
  title,
  maxHeight,
  testId,
}: {
  code: string
  copyLabel: string
  title?: ReactNode
  maxHeight?: number
  testId?: string
}) {
  const t = useT(getStartedMessages)
  const { token } = theme.useToken()
  const { message } = App.useApp()
  const onCopy = () =>
    copyText(code).then(
      () => message.success(t('copy.done')),
      () => message.error(t('copy.failed')),
    )
  return (
    <Flex vertical gap={4} style={{ minWidth: 0 }}>
      <Flex justify="space-between" align="center" gap={8}>
        {title ? <Typography.Text type="secondary">{title}</Typography.Text> : <span />}
        <Tooltip title={copyLabel}>
          <Button size="small" icon={<CopyOutlined />} aria-label={copyLabel} onClick={() => void onCopy()} />
        </Tooltip>
      </Flex>
      <pre
        data-testid={testId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard user must reach the block to scroll it.
        tabIndex={0}
        style={{
          margin: 0,
          padding: '10px 12px',
          maxWidth: '100%',
          overflow: 'auto',
          maxHeight,
          whiteSpace: 'pre',
          fontFamily: token.fontFamilyCode,
          fontSize: 13,
          lineHeight: 1.55,
          color: token.colorText,
          background: token.colorFillTertiary,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadius,
        }}
      >
        <code>{code}</code>
      </pre>
    </Flex>
  )
}
