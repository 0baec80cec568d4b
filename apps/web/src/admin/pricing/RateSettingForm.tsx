import { formatMoney, type RateSetting, ratePer1000, SERVICE_TYPES, type ServiceType } from '@app/contract'
import { Button, Drawer, Flex, Form, InputNumber, Radio, Select } from 'antd'
import { serverMessage } from '../../api/errors.ts'
import { useAppMutation } from '../../api/use-app-mutation.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { currentLang } from '../../i18n/lang.ts'
import { useMediaQuery } from '../../lib/use-media-query.ts'
import { optionalRuleFrom, ruleFrom } from '../../ui/form-rules.ts'
import { TextInput } from '../../ui/inputs.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { type RateSettingBody, saveRateSettingCall } from './pricing.api.ts'
import { adminPricingMessages } from './pricing.i18n.ts'
import { checkPath, checkPathList, checkRate } from './rate-rules.ts'

/** The user whose private settings are shown. */
export interface Owner {
  id: string
  email: string
}

interface Props {
  /** The setting to edit, 'new' to create one, null when closed. */
  editing: RateSetting | 'new' | null
  /** The price book shown; a new setting goes there unless the form says otherwise. */
  isNew: boolean
  owner: Owner | null
  usedTypes: ReadonlySet<string>
  /** Common settings of the book, to start a private setting from. */
  templates: readonly RateSetting[]
  onClose: () => void
}

/** The create/edit form of a rate setting, in a drawer so the table keeps its place. */
export function RateSettingDrawer(props: Props) {
  const t = useT(adminPricingMessages)
  const isNarrow = useMediaQuery('(max-width: 600px)')
  const { editing, owner } = props
  const title =
    editing === 'new'
      ? owner
        ? t('form.createPrivateTitle', { email: owner.email })
        : t('form.createTitle')
      : editing
        ? t('form.editTitle', { type: editing.type })
        : ''
  return (
    <Drawer
      open={editing !== null}
      onClose={props.onClose}
      size={isNarrow ? '100%' : 520}
      title={title}
      destroyOnHidden
    >
      {editing !== null ? (
        <RateSettingForm {...props} editing={editing === 'new' ? null : editing} onDone={props.onClose} />
      ) : null}
    </Drawer>
  )
}

interface Values {
  type: ServiceType | undefined
  rate: string
  free: number | null
  prefix: string
  paths: string
  subpath: string
  is_new: boolean
}

function RateSettingForm({
  editing,
  isNew,
  owner,
  usedTypes,
  templates,
  onDone,
}: Omit<Props, 'editing' | 'onClose'> & { editing: RateSetting | null; onDone: () => void }) {
  const t = useT(adminPricingMessages)
  const common = useT(commonMessages)
  const [form] = Form.useForm<Values>()
  const { onFieldsChange, showServerErrors } = useFadingErrors(form)
  const save = useAppMutation({
    ...saveRateSettingCall,
    success: ({ message }) => message || t(editing ? 'settings.updated' : 'settings.created'),
    failure: (error) => serverMessage(error) ?? t(editing ? 'settings.editFailed' : 'settings.createFailed'),
    onSuccess: onDone,
    onError: showServerErrors,
  })
  const rate = Form.useWatch('rate', form) ?? ''
  const lang = currentLang()

  const freeTypes = SERVICE_TYPES.filter((type) => !usedTypes.has(type))
  const initialValues: Values = editing
    ? {
        type: editing.type,
        rate: editing.rate,
        free: editing.free,
        prefix: editing.prefix,
        paths: editing.paths,
        subpath: editing.subpath ?? '',
        is_new: editing.is_new,
      }
    : { type: undefined, rate: '', free: 0, prefix: '', paths: '', subpath: '', is_new: isNew }

  const onValuesChange = (changed: Partial<Values>) => {
    if (editing || !changed.type) return
    const template = templates.find((setting) => setting.type === changed.type)
    if (!template) return
    form.setFieldsValue({
      prefix: template.prefix,
      paths: template.paths,
      subpath: template.subpath ?? '',
      ...(form.getFieldValue('rate') ? {} : { rate: template.rate }),
    })
  }

  const onFinish = (values: Values) => {
    if (!values.type) return
    const body: RateSettingBody = {
      type: values.type,
      rate: values.rate.trim(),
      free: values.free ?? 0,
      prefix: values.prefix.trim(),
      paths: values.paths
        .split(',')
        .map((path) => path.trim())
        .join(','),
      subpath: values.subpath.trim() || null,
      is_new: values.is_new,
      ...(owner ? { user_id: owner.id } : {}),
    }
    save.run({ id: editing?.id ?? null, body })
  }

  const perThousand = checkRate(rate) === null ? ratePer1000(rate.trim()) : null

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      onFieldsChange={onFieldsChange}
      onValuesChange={onValuesChange}
    >
      <Form.Item<Values>
        name="type"
        label={t('form.type')}
        rules={[{ required: true, message: t('form.typeRequired') }]}
      >
        <Select<ServiceType>
          aria-label={t('form.type')}
          disabled={editing !== null}
          showSearch
          placeholder={t('form.typePlaceholder')}
          options={(editing ? [editing.type] : freeTypes).map((type) => ({ value: type, label: type }))}
        />
      </Form.Item>
      <Form.Item<Values>
        name="rate"
        validateFirst
        label={t('form.rate')}
        extra={
          perThousand ? t('form.ratePer1000', { price: formatMoney(perThousand, 'USD', lang) }) : t('form.rateHelp')
        }
        rules={[{ required: true, message: t('form.rateRequired') }, ruleFrom(checkRate)]}
      >
        <TextInput inputMode="decimal" prefix="$" autoComplete="off" />
      </Form.Item>
      <Form.Item<Values>
        name="free"
        label={t('form.free')}
        extra={t('form.freeHelp')}
        rules={[{ required: true, message: t('form.freeRequired') }]}
      >
        <InputNumber<number> min={0} max={2_000_000_000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item<Values>
        name="prefix"
        validateFirst
        label={t('form.prefix')}
        extra={t('form.prefixHelp')}
        rules={[{ required: true, whitespace: true, message: t('form.prefixRequired') }, ruleFrom(checkPath)]}
      >
        <TextInput placeholder="/api/v1" autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item<Values>
        name="paths"
        validateFirst
        label={t('form.paths')}
        extra={t('form.pathsHelp')}
        rules={[{ required: true, whitespace: true, message: t('form.pathsRequired') }, ruleFrom(checkPathList)]}
      >
        <TextInput placeholder="/geocode,/search" autoComplete="off" maxLength={1000} />
      </Form.Item>
      <Form.Item<Values> name="subpath" label={t('form.subpath')} rules={[optionalRuleFrom(checkPath)]}>
        <TextInput autoComplete="off" maxLength={200} />
      </Form.Item>
      <Form.Item<Values> name="is_new" label={t('form.book')}>
        <Radio.Group disabled={editing !== null}>
          <Radio value={true}>{t('book.current')}</Radio>
          <Radio value={false}>{t('book.legacy')}</Radio>
        </Radio.Group>
      </Form.Item>
      <Flex gap={8} justify="flex-end">
        <Button onClick={onDone}>{common('actions.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {editing ? common('actions.save') : t('form.create')}
        </Button>
      </Flex>
    </Form>
  )
}
