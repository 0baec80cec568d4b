import {
  BASE_STYLES,
  type BaseStyle,
  checkMapName,
  MAP_DESCRIPTION_MAX,
  MAP_NAME_MAX,
  type MapSummary,
} from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { App, Form, Modal, Select } from 'antd'
import { useNavigate } from 'react-router'
import { serverMessage } from '../../api/errors.ts'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { requiredRule, ruleFrom } from '../../ui/form-rules.ts'
import { TextArea, TextInput } from '../../ui/inputs.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { mapCalls, mapKeysQuery, useMapsMutation } from './maps.api.ts'
import { mapsMessages } from './maps.i18n.ts'

interface Values {
  name: string
  key_id: string
  description?: string
  base_style: BaseStyle
}

/**
 * Creating a map (name and key required, docs/requirements.md §14.1) or changing one: its name, description, key and
 * base style. A new map opens at once.
 */
export function MapFormModal({ map, onClose }: { map: MapSummary | null; onClose: () => void }) {
  const t = useT(mapsMessages)
  const { message } = App.useApp()
  const navigate = useNavigate()
  const [form] = Form.useForm<Values>()
  const fading = useFadingErrors(form)
  const keys = useQuery(mapKeysQuery())
  const create = useMapsMutation(mapCalls.create)
  const update = useMapsMutation(mapCalls.update)
  const busy = create.isPending || update.isPending

  const onFinish = (values: Values) => {
    const onError = (error: Error) => {
      if (!fading.showServerErrors(error)) message.error(serverMessage(error) ?? t('failed.action'))
    }
    const description = values.description?.trim() ? values.description.trim() : null
    if (!map) {
      create.mutate(
        { name: values.name, key_id: values.key_id, description },
        {
          onSuccess: ({ data, message: text }) => {
            message.success(text)
            onClose()
            navigate(paths.map(data.id))
          },
          onError,
        },
      )
      return
    }
    update.mutate(
      { id: map.id, body: { name: values.name, key_id: values.key_id, description, base_style: values.base_style } },
      {
        onSuccess: ({ message: text }) => {
          message.success(text)
          onClose()
        },
        onError,
      },
    )
  }

  const keyOptions = (keys.data ?? [])
    .filter((key) => key.status === 'active' || key.id === map?.key_id)
    // Map-tiles keys first: they are the ones meant for public pages.
    .sort((a, b) => (a.type === b.type ? 0 : a.type === 'maptiles_key' ? -1 : 1))
    .map((key) => ({ value: key.id, label: `${key.name} · ${key.key_preview}` }))

  return (
    <Modal
      open
      title={map ? t('form.editTitle') : t('form.createTitle')}
      okText={map ? t('form.submitSave') : t('form.submitCreate')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark
        onFinish={onFinish}
        onFieldsChange={fading.onFieldsChange}
        initialValues={
          map
            ? { name: map.name, key_id: map.key_id, description: map.description ?? '', base_style: map.base_style }
            : { base_style: 'auto', key_id: keyOptions[0]?.value }
        }
      >
        <Form.Item name="name" label={t('form.name')} rules={[ruleFrom(checkMapName)]} required>
          <TextInput maxLength={MAP_NAME_MAX} autoFocus />
        </Form.Item>
        <Form.Item
          name="key_id"
          label={t('form.key')}
          extra={t('form.keyHint')}
          rules={[requiredRule('maps.keyRequired')]}
          required
        >
          <Select options={keyOptions} loading={keys.isPending} showSearch optionFilterProp="label" />
        </Form.Item>
        <Form.Item name="description" label={t('form.description')}>
          <TextArea maxLength={MAP_DESCRIPTION_MAX} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        {map && (
          <Form.Item name="base_style" label={t('form.baseStyle')}>
            <Select options={BASE_STYLES.map((style) => ({ value: style, label: t(`styles.${style}`) }))} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  )
}
