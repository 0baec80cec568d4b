import { DeleteOutlined, ExclamationCircleOutlined, PlusOutlined, QuestionCircleOutlined } from '@ant-design/icons'
import { checkRestrictionRow, MAX_RESTRICTION_ROWS, type RestrictionRow } from '@app/contract'
import { Button, Flex, Form, Popconfirm, Select, Tooltip, Typography, theme } from 'antd'
import type { Rule } from 'antd/es/form'
import { useT } from '../../i18n/define.ts'
import { problemText } from '../../ui/form-rules.ts'
import { TextInput } from '../../ui/inputs.ts'
import { keyFormMessages } from './key-form.i18n.ts'

import { emptyRow, LIST } from './restriction-rows.ts'

/** docs/requirements.md §5.2: each row is judged by its type ("Invalid Domain", "Invalid IP Address", or fill the field). */
function rowRule(name: number): Rule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) => {
      const type = getFieldValue([LIST, name, 'type']) === 'ip' ? 'ip' : 'domain'
      const problem = checkRestrictionRow({ type, value: typeof value === 'string' ? value : '' })
      return problem ? Promise.reject(new Error(problemText(problem))) : Promise.resolve()
    },
  })
}

function HelpIcon({ title }: { title: string }) {
  return (
    <Tooltip title={title}>
      <QuestionCircleOutlined tabIndex={0} aria-label={title} style={{ cursor: 'help' }} />
    </Tooltip>
  )
}

/**
 * The restriction rows of the key form (docs/requirements.md §5.2): a type and a value per row, checked when the
 * value loses focus; remove (after confirming) only when there is more than one row; add only when
 * every row is filled and there are fewer than 500.
 */
export function RestrictionRows({ rows }: { rows: readonly RestrictionRow[] }) {
  const t = useT(keyFormMessages)
  const { token } = theme.useToken()

  return (
    <Form.List name={LIST}>
      {(fields, { add, remove }) => {
        // Judged on the fields on screen: the watched values arrive a render after a row is added.
        const isEveryRowFilled = fields.every((_field, index) => rows[index]?.value.trim())
        const isFull = fields.length >= MAX_RESTRICTION_ROWS
        return (
          <Flex vertical gap={12}>
            <Flex justify="space-between" align="baseline" gap={8} wrap>
              <Typography.Text strong>{t('rows.label')}</Typography.Text>
              <Typography.Text type="secondary">
                {t('rows.count', { count: fields.length, max: MAX_RESTRICTION_ROWS })}
              </Typography.Text>
            </Flex>
            <Flex gap={8} style={{ color: token.colorTextSecondary }}>
              <span style={{ flex: '0 0 112px' }}>
                {t('rows.type')} <HelpIcon title={t('rows.typeHelp')} />
              </span>
              <span>
                {t('rows.value')} <HelpIcon title={`${t('rows.domainHelp')} ${t('rows.ipHelp')}`} />
              </span>
            </Flex>
            {fields.map((field, index) => {
              const type = rows[index]?.type ?? 'domain'
              const number = index + 1
              return (
                <Flex key={field.key} gap={8} wrap align="flex-start" data-testid="restriction-row">
                  <Form.Item name={[field.name, 'type']} style={{ flex: '0 0 112px', margin: 0 }}>
                    <Select
                      aria-label={t('rows.typeOf', { number })}
                      options={[
                        { value: 'domain', label: t('rows.domain') },
                        { value: 'ip', label: t('rows.ip') },
                      ]}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'value']}
                    rules={[rowRule(field.name)]}
                    dependencies={[[LIST, field.name, 'type']]}
                    style={{ flex: '1 1 200px', margin: 0, minWidth: 0 }}
                  >
                    <TextInput
                      aria-label={t('rows.valueOf', { number })}
                      placeholder={type === 'ip' ? t('rows.ipPlaceholder') : t('rows.domainPlaceholder')}
                      autoComplete="off"
                      spellCheck={false}
                      inputMode={type === 'ip' ? 'decimal' : 'url'}
                      suffix={<HelpIcon title={type === 'ip' ? t('rows.ipHelp') : t('rows.domainHelp')} />}
                    />
                  </Form.Item>
                  {fields.length > 1 ? (
                    <Popconfirm
                      title={t('rows.removeConfirm')}
                      description={rows[index]?.value.trim() || undefined}
                      okText={t('rows.removeOk')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove(field.name)}
                    >
                      <Button icon={<DeleteOutlined />} aria-label={t('rows.remove', { number })} />
                    </Popconfirm>
                  ) : null}
                </Flex>
              )
            })}
            {isFull ? (
              <Typography.Text type="secondary">{t('rows.full', { max: MAX_RESTRICTION_ROWS })}</Typography.Text>
            ) : isEveryRowFilled ? (
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add(emptyRow())}
                style={{ alignSelf: 'start' }}
              >
                {t('rows.add')}
              </Button>
            ) : (
              <Typography.Text type="warning">
                <ExclamationCircleOutlined /> {t('rows.fillToAdd')}
              </Typography.Text>
            )}
          </Flex>
        )
      }}
    </Form.List>
  )
}
