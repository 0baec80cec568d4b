import {
  checkLatitude,
  checkLongitude,
  checkPointName,
  type Layer,
  POINT_DESCRIPTION_MAX,
  POINT_NAME_MAX,
  parseCoordinate,
} from '@app/contract'
import { App, Form, Modal, Select } from 'antd'
import type { Rule } from 'antd/es/form'
import { serverMessage } from '../../api/errors.ts'
import { useT } from '../../i18n/define.ts'
import { problemText, ruleFrom } from '../../ui/form-rules.ts'
import { TextArea, TextInput } from '../../ui/inputs.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { mapCalls, useMapsMutation } from './maps.api.ts'
import { mapsMessages } from './maps.i18n.ts'

export interface PointDraft {
  id?: string
  name: string
  description: string | null
  latitude: number | null
  longitude: number | null
  layer_id: string
}

interface Values {
  name: string
  description?: string
  latitude: string
  longitude: string
  layer_id: string
}

const coordinateRule = (check: (raw: unknown) => ReturnType<typeof checkLatitude>): Rule => ({
  validator: (_rule, value) => {
    const problem = check(value)
    return problem ? Promise.reject(new Error(problemText(problem))) : Promise.resolve()
  },
})

/** Adding a point (from a click or a search) or editing one: name, description, position, layer. */
export function PointFormModal({
  mapId,
  draft,
  layers,
  onClose,
}: {
  mapId: string
  draft: PointDraft
  layers: Layer[]
  onClose: () => void
}) {
  const t = useT(mapsMessages)
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const fading = useFadingErrors(form)
  const add = useMapsMutation(mapCalls.addPoint)
  const update = useMapsMutation(mapCalls.updatePoint)

  const onFinish = (values: Values) => {
    const body = {
      layer_id: values.layer_id,
      name: values.name.trim(),
      description: values.description?.trim() || null,
      latitude: parseCoordinate(values.latitude) ?? 0,
      longitude: parseCoordinate(values.longitude) ?? 0,
    }
    const handlers = {
      onSuccess: ({ message: text }: { message: string }) => {
        message.success(text)
        onClose()
      },
      onError: (error: Error) => {
        if (!fading.showServerErrors(error)) message.error(serverMessage(error) ?? t('failed.action'))
      },
    }
    if (draft.id) update.mutate({ id: mapId, pointId: draft.id, body }, handlers)
    else add.mutate({ id: mapId, body }, handlers)
  }

  return (
    <Modal
      open
      title={draft.id ? t('point.editTitle') : t('point.addTitle')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={add.isPending || update.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        onFieldsChange={fading.onFieldsChange}
        initialValues={{
          name: draft.name,
          description: draft.description ?? '',
          latitude: draft.latitude === null ? '' : String(draft.latitude),
          longitude: draft.longitude === null ? '' : String(draft.longitude),
          layer_id: draft.layer_id,
        }}
      >
        <Form.Item name="name" label={t('point.name')} rules={[ruleFrom(checkPointName)]} required>
          <TextInput maxLength={POINT_NAME_MAX} autoFocus />
        </Form.Item>
        <Form.Item name="description" label={t('point.description')}>
          <TextArea maxLength={POINT_DESCRIPTION_MAX} autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <Form.Item
            name="latitude"
            label={t('point.latitude')}
            rules={[coordinateRule(checkLatitude)]}
            required
            style={{ flex: '1 1 140px' }}
          >
            <TextInput inputMode="decimal" />
          </Form.Item>
          <Form.Item
            name="longitude"
            label={t('point.longitude')}
            rules={[coordinateRule(checkLongitude)]}
            required
            style={{ flex: '1 1 140px' }}
          >
            <TextInput inputMode="decimal" />
          </Form.Item>
        </div>
        <Form.Item name="layer_id" label={t('point.layer')}>
          <Select options={layers.map((layer) => ({ value: layer.id, label: layer.name }))} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
