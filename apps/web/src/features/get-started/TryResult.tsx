import { numberFormat } from '@app/contract'
import { Alert, Flex, Tag, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { CodeBlock } from './CodeBlock.tsx'
import type { TryOutcome } from './get-started.api.ts'
import { getStartedMessages } from './get-started.i18n.ts'

function statusColour(status: number): string {
  if (status >= 500) return 'red'
  if (status >= 400) return 'orange'
  return 'green'
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      <span style={{ overflowWrap: 'anywhere' }}>{children}</span>
    </Flex>
  )
}

/** What Try it got back: the status, the refusal's reason, the time, and the answer. */
export function TryResult({ outcome, base }: { outcome: TryOutcome; base: string }) {
  const t = useT(getStartedMessages)
  const lang = useLang()
  const number = numberFormat(lang)
  const time = t('try.ms', { ms: number.format(outcome.elapsedMs) })

  if (outcome.kind === 'unreachable') {
    return (
      <Alert
        type="error"
        showIcon
        role="status"
        aria-label={t('try.result')}
        title={t('try.unreachable', { url: base, error: outcome.error })}
        description={t('try.unreachableHint')}
      />
    )
  }

  const { body } = outcome
  const hint =
    outcome.reason === 'ORIGIN_NOT_ALLOWED'
      ? t('try.originHint', { origin: window.location.origin })
      : outcome.reason === 'IP_NOT_ALLOWED'
        ? t('try.ipHint')
        : null
  return (
    <Flex vertical gap={12} role="status" aria-label={t('try.result')} style={{ minWidth: 0 }}>
      <Flex gap={24} wrap>
        <Fact label={t('try.status')}>
          <Tag color={statusColour(outcome.status)} data-testid="try-status">
            {outcome.status}
          </Tag>
        </Fact>
        {outcome.reason ? (
          <Fact label={t('try.reason')}>
            <Typography.Text code>{outcome.reason}</Typography.Text>
          </Fact>
        ) : null}
        <Fact label={t('try.time')}>
          <span data-testid="try-time">{time}</span>
        </Fact>
        {body.kind === 'tile' ? (
          <Fact label={t('try.size')}>{t('try.bytes', { bytes: number.format(body.bytes) })}</Fact>
        ) : null}
      </Flex>
      {outcome.message ? <Typography.Text>{outcome.message}</Typography.Text> : null}
      {hint ? <Alert type="info" showIcon title={hint} /> : null}
      {body.kind === 'json' ? (
        <>
          <CodeBlock
            code={body.text}
            title={t('try.answer')}
            copyLabel={t('copy.answer')}
            maxHeight={320}
            testId="try-answer"
          />
          {body.isCut ? <Typography.Text type="secondary">{t('try.cut')}</Typography.Text> : null}
        </>
      ) : body.kind === 'tile' ? (
        <Typography.Text type="secondary">{t('try.tile')}</Typography.Text>
      ) : (
        <Typography.Text type="secondary">{t('try.empty')}</Typography.Text>
      )}
    </Flex>
  )
}
