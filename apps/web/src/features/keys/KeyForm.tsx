import {
  checkKeyDescription,
  checkKeyName,
  KEY_DESCRIPTION_MAX,
  KEY_NAME_MAX,
  type Key,
  type KeyType,
  type RestrictionRow,
} from '@app/contract'
import { App, Button, Flex, Form, Input, Radio, Typography } from 'antd'
import { useNavigate } from 'react-router'
import { pageFor, serverMessage } from '../../api/errors.ts'
import { useT } from '../../i18n/define.ts'
import { ruleFrom } from '../../ui/form-rules.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { KeyTypeTag } from './KeyTags.tsx'
import { keyFormMessages } from './key-form.i18n.ts'
import { type KeyBody, useCreateKey, useUpdateKey } from './keys.api.ts'
import { emptyRow, LIST, RestrictionRows } from './RestrictionRows.tsx'
import { RestrictionTester } from './RestrictionTester.tsx'

type Choice = 'none' | 'restricted'

interface KeyFormValues {
  type: KeyType
  name: string
  description: string
  choice: Choice
  [LIST]: RestrictionRow[]
}

function initialValues(editing: Key | undefined): KeyFormValues {
  const rows = editing?.restriction_list ?? []
  return {
    type: editing?.type ?? 'api_key',
    name: editing?.name ?? '',
    description: editing?.description ?? '',
    choice: rows.length > 0 ? 'restricted' : 'none',
    [LIST]: rows.length > 0 ? rows.map((row) => ({ ...row })) : [emptyRow()],
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
  const { message } = App.useApp()
  const navigate = useNavigate()
  const [form] = Form.useForm<KeyFormValues>()
  const fading = useFadingErrors(form)
  const create = useCreateKey()
  const update = useUpdateKey()
  const isEditing = editing !== undefined
  const choice = Form.useWatch('choice', form) ?? initialValues(editing).choice
  const rows = wholeRows(Form.useWatch(LIST, form))

  // docs/requirements.md §5.2: switching the restriction choice starts again from one empty domain row.
  const onValuesChange = (changed: Partial<KeyFormValues>) => {
    if ('choice' in changed) form.setFieldValue(LIST, [emptyRow()])
  }

  const onFinish = () => {
    const values = form.getFieldsValue(true) as KeyFormValues
    const description = values.description?.trim() ?? ''
    const body: KeyBody = {
      name: values.name.trim(),
      description: description || null,
      restriction_list:
        values.choice === 'restricted'
          ? wholeRows(values[LIST]).map((row) => ({ type: row.type, value: row.value.trim() }))
          : null,
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
        <Input placeholder={t('name.placeholder')} count={{ show: true, max: KEY_NAME_MAX }} autoComplete="off" />
      </Form.Item>
      <Form.Item name="description" label={t('description.label')} rules={[ruleFrom(checkKeyDescription)]}>
        <Input.TextArea
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
        <Flex vertical gap={20} style={{ marginBottom: 24 }}>
          <RestrictionRows rows={rows} />
          <RestrictionTester rows={rows} />
        </Flex>
      ) : null}
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
