import { ExperimentOutlined } from '@ant-design/icons'
import { checkRestrictionRow, type RestrictionRow, type ServiceType } from '@app/contract'
import { Alert, Flex, Typography, theme } from 'antd'
import { useId, useMemo, useState } from 'react'
import { useT } from '../../i18n/define.ts'
import { TextInput } from '../../ui/inputs.ts'
import { useServiceName } from '../../ui/service-name.ts'
import { keyFormMessages } from './key-form.i18n.ts'
import { testRestriction } from './restriction-test.ts'

const REFUSALS = {
  page: 'tester.refusedPage',
  pageIpOnly: 'tester.refusedPageIpOnly',
  ip: 'tester.refusedIp',
  ipDomainOnly: 'tester.refusedIpDomainOnly',
} as const

/** "Would this page or address pass?", answered live for the rows on screen. */
export function RestrictionTester({
  rows,
  services = null,
}: {
  rows: readonly RestrictionRow[]
  /** The key's scope as chosen in the form: an allowed caller may still only call these. */
  services?: readonly ServiceType[] | null
}) {
  const t = useT(keyFormMessages)
  const serviceName = useServiceName()
  const { token } = theme.useToken()
  const [input, setInput] = useState('')
  const id = useId()
  const outcome = useMemo(() => testRestriction(rows, input), [rows, input])
  const hasBrokenRows = rows.some((row) => row.value.trim() && checkRestrictionRow(row) !== null)

  let result: { type: 'success' | 'error' | 'info'; text: string } | null = null
  if (outcome?.kind === 'allowed') result = { type: 'success', text: t('tester.allowed', { row: outcome.row }) }
  else if (outcome?.kind === 'refused') result = { type: 'error', text: t(REFUSALS[outcome.reason]) }
  else if (outcome?.kind === 'unreadable') result = { type: 'info', text: t('tester.unreadable') }
  else if (outcome?.kind === 'noRows') result = { type: 'info', text: t('tester.empty') }
  const readAs = outcome && 'readAs' in outcome ? outcome.readAs : null

  return (
    <Flex
      vertical
      gap={8}
      style={{ padding: 16, borderRadius: token.borderRadiusLG, background: token.colorFillQuaternary }}
    >
      <label htmlFor={id} style={{ fontWeight: 600 }}>
        <ExperimentOutlined /> {t('tester.label')}
      </label>
      <Typography.Text type="secondary">{t('tester.hint')}</Typography.Text>
      <TextInput
        id={id}
        value={input}
        allowClear
        placeholder={t('tester.placeholder')}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setInput(event.target.value)}
        // The tester sits inside the key form: Enter here tests, it does not save the key.
        onPressEnter={(event) => event.preventDefault()}
      />
      <div aria-live="polite">
        {result ? (
          <Alert
            type={result.type}
            showIcon
            role="status"
            title={result.text}
            description={readAs ? t('tester.readAs', { url: readAs }) : undefined}
          />
        ) : null}
      </div>
      {outcome?.kind === 'allowed' && services ? (
        <Typography.Text type="secondary">
          {t('scope.testerOnly', { services: services.map((service) => serviceName(service)).join(', ') })}
        </Typography.Text>
      ) : null}
      {hasBrokenRows ? <Typography.Text type="secondary">{t('tester.ignored')}</Typography.Text> : null}
    </Flex>
  )
}
