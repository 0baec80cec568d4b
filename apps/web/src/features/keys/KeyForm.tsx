import {
  checkKeyDescription,
  checkKeyName,
  checkRequestCap,
  KEY_DESCRIPTION_MAX,
  KEY_NAME_MAX,
  type Key,
  type KeyType,
  keyServesService,
  MONEY_BOUNDS,
  moneyCheck,
  type RestrictionRow,
  SERVICE_TYPES,
  type ServiceType,
} from '@app/contract'
import { App, Button, Checkbox, Flex, Form, Radio, Typography } from 'antd'
import { Suspense, useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { pageFor, serverMessage } from '../../api/errors.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { lazyComponent, usePreloaded } from '../../lib/lazy-component.tsx'
import { countInputProps } from '../../ui/count-input.ts'
import { optionalNumberRuleFrom, optionalRuleFrom, ruleFrom } from '../../ui/form-rules.ts'
import { TextArea, TextInput } from '../../ui/inputs.ts'
import { InputNumberPart, LazyInputNumber } from '../../ui/LazyInputNumber.tsx'
import { useServiceName } from '../../ui/service-name.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { KeyTypeTag } from './KeyTags.tsx'
import { keyFormMessages } from './key-form.i18n.ts'
import { type KeyBody, useCreateKey, useUpdateKey } from './keys.api.ts'
import { emptyRow, LIST } from './restriction-rows.ts'

// The restriction rows (with their type picker) and the tester load apart, fetched once the form is
// drawn: a new key starts unrestricted (bench/README.md, issue 20).
const KeyRestrictions = lazyComponent(
  () => import('./KeyRestrictions.tsx'),
  (m) => m.KeyRestrictions,
)

type Choice = 'none' | 'restricted'
type ScopeChoice = 'all' | 'some'

interface KeyFormValues {
  type: KeyType
  name: string
  description: string
  choice: Choice
  [LIST]: RestrictionRow[]
  scope: ScopeChoice
  services: ServiceType[]
  /** Empty (null): no request cap. Named as in the body, so the server's field messages land here. */
  request_cap: number | null
  /** USD as typed; empty: no spend cap. */
  spend_cap: string
}

const requestCapRule = optionalNumberRuleFrom(checkRequestCap)
const spendCapRule = optionalRuleFrom(moneyCheck(MONEY_BOUNDS.keySpendCap))

function initialValues(editing: Key | undefined): KeyFormValues {
  const rows = editing?.restriction_list ?? []
  return {
    type: editing?.type ?? 'api_key',
    name: editing?.name ?? '',
    description: editing?.description ?? '',
    choice: rows.length > 0 ? 'restricted' : 'none',
    [LIST]: rows.length > 0 ? rows.map((row) => ({ ...row })) : [emptyRow()],
    scope: editing?.services ? 'some' : 'all',
    services: editing?.services ? [...editing.services] : [],
    request_cap: editing?.request_cap ?? null,
    spend_cap: editing?.spend_cap ?? '',
  }
}

/**
 * The caps as the body wants them (docs/gateway.md "Monthly caps"): an edit sends both, null for an
 * empty field (which removes that cap); a new key sends only the caps that were filled in.
 */
function capsBody(values: KeyFormValues, isEditing: boolean): Pick<KeyBody, 'request_cap' | 'spend_cap'> {
  const requestCap = typeof values.request_cap === 'number' ? values.request_cap : null
  const spendCap = values.spend_cap?.trim() || null
  if (isEditing) return { request_cap: requestCap, spend_cap: spendCap }
  return {
    ...(requestCap !== null ? { request_cap: requestCap } : {}),
    ...(spendCap !== null ? { spend_cap: spendCap } : {}),
  }
}

/** What the form shows may lack parts while antd fills it in; the rules and the tester want whole rows. */
function wholeRows(rows: Partial<RestrictionRow>[] | undefined): RestrictionRow[] {
  return (rows ?? []).map((row) => ({ type: row?.type === 'ip' ? 'ip' : 'domain', value: row?.value ?? '' }))
}

export interface SavedKey {
  key: Key
  /** The secret, when a key was just created: shown once by the screen. */
  secret?: string
}

/**
 * The key create/edit form (docs/requirements.md §5), used by /createKey, /edit and the back office's edit drawer. Create
 * mode without `editing`, edit mode with it (§5.5). `onSaved` decides where to go next, so a page
 * that must keep its place (the admin screens) stays where it is.
 */
export function KeyForm({
  editing,
  onSaved,
  onCancel,
  isBlocked = false,
}: {
  editing?: Key
  onSaved: (saved: SavedKey) => void
  onCancel?: () => void
  /** The account may not change keys now (suspended, unverified); the screen says why. */
  isBlocked?: boolean
}) {
  const t = useT(keyFormMessages)
  const serviceName = useServiceName()
  const lang = useLang()
  const capsLabel = useId()
  usePreloaded(KeyRestrictions, InputNumberPart)
  const { message } = App.useApp()
  const navigate = useNavigate()
  const [form] = Form.useForm<KeyFormValues>()
  const fading = useFadingErrors(form)
  const create = useCreateKey()
  const update = useUpdateKey()
  const isEditing = editing !== undefined
  const choice = Form.useWatch('choice', form) ?? initialValues(editing).choice
  const rows = wholeRows(Form.useWatch(LIST, form))
  const scope = Form.useWatch('scope', form) ?? initialValues(editing).scope
  const chosenServices = Form.useWatch('services', form) as ServiceType[] | undefined
  const [scopeError, setScopeError] = useState<string | null>(null)
  const watchedType = Form.useWatch('type', form) as KeyType | undefined
  const type: KeyType = editing?.type ?? watchedType ?? 'api_key'
  const servable = SERVICE_TYPES.filter((service) => keyServesService(type, service))

  // docs/requirements.md §5.2: switching the restriction choice starts again from one empty domain row.
  const onValuesChange = (changed: Partial<KeyFormValues>) => {
    if ('services' in changed || 'scope' in changed) setScopeError(null)
    if ('choice' in changed) form.setFieldValue(LIST, [emptyRow()])
    // A map-tiles key keeps only the map services it may call.
    if ('type' in changed && changed.type) {
      const kept = (form.getFieldValue('services') as ServiceType[]).filter((s) =>
        keyServesService(changed.type as KeyType, s),
      )
      form.setFieldValue('services', kept)
    }
  }

  const onFinish = () => {
    const values = form.getFieldsValue(true) as KeyFormValues
    if (values.scope === 'some' && !values.services?.length) {
      setScopeError(t('scope.empty'))
      return
    }
    const description = values.description?.trim() ?? ''
    const body: KeyBody = {
      name: values.name.trim(),
      description: description || null,
      restriction_list:
        values.choice === 'restricted'
          ? wholeRows(values[LIST]).map((row) => ({ type: row.type, value: row.value.trim() }))
          : null,
      services: values.scope === 'some' ? SERVICE_TYPES.filter((s) => values.services.includes(s)) : null,
      ...capsBody(values, isEditing),
    }
    const onError = (error: Error) => {
      fading.showServerErrors(error)
      // docs/requirements.md §5.5: the server's message when there is one, else "Create key failed" / "Edit key failed".
      message.error(serverMessage(error) ?? t(isEditing ? 'failed.edit' : 'failed.create'))
      // docs/requirements.md §5.3: E401 (no verified phone number) sends the user to the profile to add one.
      const page = pageFor(error)
      if (page) navigate(page)
    }
    if (editing) {
      update.mutate(
        { id: editing.id, body },
        {
          onSuccess: ({ data, message: text }) => {
            message.success(text)
            onSaved({ key: data })
          },
          onError,
        },
      )
    } else {
      create.mutate(
        { ...body, type: values.type },
        {
          onSuccess: ({ data: { key: secret, ...key }, message: text }) => {
            message.success(text)
            onSaved({ key, secret })
          },
          onError,
        },
      )
    }
  }

  return (
    <Form<KeyFormValues>
      form={form}
      layout="vertical"
      validateTrigger="onBlur"
      initialValues={initialValues(editing)}
      onValuesChange={onValuesChange}
      onFieldsChange={fading.onFieldsChange}
      onFinish={onFinish}
      scrollToFirstError
    >
      {isEditing ? (
        <Form.Item label={t('type.label')} extra={t('type.fixed')}>
          <KeyTypeTag type={editing.type} />
        </Form.Item>
      ) : (
        <Form.Item name="type" label={t('type.label')}>
          <Radio.Group style={{ display: 'grid', gap: 8 }}>
            <Radio value="api_key">
              <ChoiceText title={t('type.api_key')} hint={t('type.apiKeyHint')} />
            </Radio>
            <Radio value="maptiles_key">
              <ChoiceText title={t('type.maptiles_key')} hint={t('type.maptilesKeyHint')} />
            </Radio>
          </Radio.Group>
        </Form.Item>
      )}
      <Form.Item name="name" label={t('name.label')} required rules={[ruleFrom(checkKeyName)]}>
        <TextInput placeholder={t('name.placeholder')} count={{ show: true, max: KEY_NAME_MAX }} autoComplete="off" />
      </Form.Item>
      <Form.Item name="description" label={t('description.label')} rules={[ruleFrom(checkKeyDescription)]}>
        <TextArea
          placeholder={t('description.placeholder')}
          count={{ show: true, max: KEY_DESCRIPTION_MAX }}
          autoSize={{ minRows: 2, maxRows: 6 }}
        />
      </Form.Item>
      <Form.Item name="choice" label={t('restriction.label')}>
        <Radio.Group style={{ display: 'grid', gap: 8 }}>
          <Radio value="none">
            <ChoiceText title={t('restriction.none')} hint={t('restriction.noneHint')} />
          </Radio>
          <Radio value="restricted">
            <ChoiceText title={t('restriction.on')} hint={t('restriction.onHint')} />
          </Radio>
        </Radio.Group>
      </Form.Item>
      {choice === 'restricted' ? (
        <Suspense fallback={null}>
          <KeyRestrictions.Component rows={rows} services={scope === 'some' ? (chosenServices ?? []) : null} />
        </Suspense>
      ) : null}
      <Form.Item name="scope" label={t('scope.label')}>
        <Radio.Group style={{ display: 'grid', gap: 8 }}>
          <Radio value="all">
            <ChoiceText title={t('scope.all')} hint={t('scope.allHint')} />
          </Radio>
          <Radio value="some">
            <ChoiceText title={t('scope.some')} hint={t('scope.someHint')} />
          </Radio>
        </Radio.Group>
      </Form.Item>
      {scope === 'some' ? (
        <Form.Item name="services" validateStatus={scopeError ? 'error' : undefined} help={scopeError ?? undefined}>
          <Checkbox.Group
            style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 8 }}
            options={servable.map((service) => ({ value: service, label: serviceName(service) }))}
          />
        </Form.Item>
      ) : null}
      <fieldset aria-labelledby={capsLabel} style={{ margin: 0, border: 0, padding: 0, minWidth: 0 }}>
        <Typography.Text id={capsLabel} style={{ display: 'block', paddingBottom: 4 }}>
          {t('caps.label')}
        </Typography.Text>
        <Typography.Paragraph type="secondary" style={{ fontSize: 13, marginBottom: 12 }}>
          {t('caps.hint')}
        </Typography.Paragraph>
        <Flex gap={16} wrap>
          <Form.Item
            name="request_cap"
            label={t('caps.requests')}
            extra={t('caps.requestsHint')}
            rules={[requestCapRule]}
            style={{ flex: '1 1 220px', maxWidth: 320 }}
          >
            <LazyInputNumber
              {...countInputProps(lang)}
              placeholder={t('caps.noCap')}
              inputMode="numeric"
              autoComplete="off"
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item
            name="spend_cap"
            label={t('caps.spend')}
            extra={t('caps.spendHint')}
            rules={[spendCapRule]}
            style={{ flex: '1 1 220px', maxWidth: 320 }}
          >
            <TextInput
              prefix="$"
              suffix="USD"
              placeholder={t('caps.noCap')}
              inputMode="decimal"
              autoComplete="off"
              allowClear
            />
          </Form.Item>
        </Flex>
      </fieldset>
      <Flex gap={8} wrap>
        <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending} disabled={isBlocked}>
          {isEditing ? t('submit.save') : t('submit.create')}
        </Button>
        {onCancel ? <Button onClick={onCancel}>{t('submit.cancel')}</Button> : null}
      </Flex>
    </Form>
  )
}

function ChoiceText({ title, hint }: { title: string; hint: string }) {
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
      <span>{title}</span>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {hint}
      </Typography.Text>
    </span>
  )
}
