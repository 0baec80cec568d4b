import type { LimitDuration, Plan } from '@app/contract'
import { Button, Checkbox, Col, Flex, Form, InputNumber, Modal, Row, Select, Switch } from 'antd'
import { serverMessage } from '../../api/errors.ts'
import { useAppMutation } from '../../api/use-app-mutation.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { i18n } from '../../i18n/i18n.ts'
import { ruleFrom, wholeGroupRuleFrom } from '../../ui/form-rules.ts'
import { TextArea, TextInput } from '../../ui/inputs.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { checkMoney } from '../pricing/rate-rules.ts'
import {
  LanguageTabs,
  type TranslationLang,
  useLanguageName,
  useLanguageTab,
  writtenTranslations,
} from '../shell/LanguageTabs.tsx'
import { type PlanBody, savePlanCall } from './plans.api.ts'
import { plansMessages } from './plans.i18n.ts'

// The contract's LIMIT_DURATIONS lives beside its zod schemas, which do not ship to the browser.
const DURATIONS: readonly LimitDuration[] = ['minute', 'day', 'month']

interface Words {
  name: string
  description: string
}

interface PlanValues extends Words {
  translations: Record<TranslationLang, Words>
  rsapi_plan_id: string
  maptile_plan_id: string
  price: string
  request_unlimited: boolean
  request_limit: number | null
  request_limit_duration: LimitDuration
  load_unlimited: boolean
  load_limit: number | null
  load_limit_duration: LimitDuration
  is_default: boolean
  active: boolean
}

function valuesOf(plan: Plan | null): PlanValues {
  if (!plan) {
    return {
      name: '',
      description: '',
      translations: { my: { name: '', description: '' }, vi: { name: '', description: '' } },
      rsapi_plan_id: '',
      maptile_plan_id: '',
      price: '0',
      request_unlimited: false,
      request_limit: null,
      request_limit_duration: 'month',
      load_unlimited: false,
      load_limit: null,
      load_limit_duration: 'month',
      is_default: false,
      active: true,
    }
  }
  return {
    name: plan.name,
    description: plan.description ?? '',
    translations: {
      my: { name: plan.translations.my?.name ?? '', description: plan.translations.my?.description ?? '' },
      vi: { name: plan.translations.vi?.name ?? '', description: plan.translations.vi?.description ?? '' },
    },
    rsapi_plan_id: plan.rsapi_plan_id ?? '',
    maptile_plan_id: plan.maptile_plan_id ?? '',
    price: plan.price,
    request_unlimited: plan.request_limit === null,
    request_limit: plan.request_limit,
    request_limit_duration: plan.request_limit_duration,
    load_unlimited: plan.load_limit === null,
    load_limit: plan.load_limit,
    load_limit_duration: plan.load_limit_duration,
    is_default: plan.is_default,
    active: plan.active,
  }
}

/** Create or edit a plan: upstream ids, price, and each limit as a number per duration or unlimited. */
export function PlanFormModal({ editing, onClose }: { editing: Plan | 'new' | null; onClose: () => void }) {
  const t = useT(plansMessages)
  return (
    <Modal
      open={editing !== null}
      onCancel={onClose}
      title={editing === 'new' ? t('form.createTitle') : editing ? t('form.editTitle', { name: editing.name }) : ''}
      footer={null}
      width={640}
      destroyOnHidden
    >
      {editing !== null ? <PlanForm plan={editing === 'new' ? null : editing} onDone={onClose} /> : null}
    </Modal>
  )
}

function PlanForm({ plan, onDone }: { plan: Plan | null; onDone: () => void }) {
  const t = useT(plansMessages)
  const common = useT(commonMessages)
  const [form] = Form.useForm<PlanValues>()
  const { onFieldsChange, showServerErrors } = useFadingErrors(form)
  // The language tab in view: a refused save shows the tab of the first field it names.
  const languageTab = useLanguageTab(['name'])
  const save = useAppMutation({
    ...savePlanCall,
    success: ({ message }) => message || t(plan ? 'form.updated' : 'form.created'),
    failure: (error) => serverMessage(error) ?? t(plan ? 'form.editFailed' : 'form.createFailed'),
    onSuccess: onDone,
    onError: showServerErrors,
  })

  const onFinish = (values: PlanValues) => {
    const body: PlanBody = {
      name: values.name.trim(),
      description: values.description.trim() || null,
      // A language without a name is not sent: its customers read the English name and description.
      translations: writtenTranslations(values.translations, (words) =>
        words.name.trim() ? { name: words.name.trim(), description: words.description.trim() || null } : null,
      ),
      rsapi_plan_id: values.rsapi_plan_id.trim() || null,
      maptile_plan_id: values.maptile_plan_id.trim() || null,
      price: values.price.trim(),
      request_limit: values.request_unlimited ? null : values.request_limit,
      request_limit_duration: values.request_limit_duration,
      load_limit: values.load_unlimited ? null : values.load_limit,
      load_limit_duration: values.load_limit_duration,
      is_default: values.is_default,
      active: values.active,
    }
    save.run({ id: plan?.id ?? null, body })
  }

  return (
    <Form<PlanValues>
      form={form}
      layout="vertical"
      initialValues={valuesOf(plan)}
      onFinish={onFinish}
      onFinishFailed={languageTab.onFinishFailed}
      onFieldsChange={onFieldsChange}
    >
      <LanguageTabs
        {...languageTab.tabs}
        english={
          <>
            <Form.Item<PlanValues>
              name="name"
              label={t('form.name')}
              rules={[{ required: true, whitespace: true, message: t('form.nameRequired') }]}
            >
              <TextInput maxLength={100} autoComplete="off" />
            </Form.Item>
            <Form.Item<PlanValues> name="description" label={t('form.description')}>
              <TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
            </Form.Item>
          </>
        }
        translation={(lang) => <TranslationFields lang={lang} />}
      />
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item<PlanValues> name="rsapi_plan_id" label={t('form.rsapi')} extra={t('form.upstreamHelp')}>
            <TextInput maxLength={100} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item<PlanValues> name="maptile_plan_id" label={t('form.maptile')}>
            <TextInput maxLength={100} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item<PlanValues>
        name="price"
        label={t('form.price')}
        extra={t('form.priceHelp')}
        validateFirst
        rules={[{ required: true, whitespace: true, message: t('form.priceRequired') }, ruleFrom(checkMoney)]}
      >
        <TextInput prefix="$" suffix="USD" inputMode="decimal" autoComplete="off" style={{ maxWidth: 240 }} />
      </Form.Item>
      <LimitField kind="request" />
      <LimitField kind="load" />
      <Flex gap={24} wrap>
        <Form.Item<PlanValues>
          name="is_default"
          label={t('form.isDefault')}
          valuePropName="checked"
          extra={t('form.isDefaultHelp')}
        >
          <Switch />
        </Form.Item>
        <Form.Item<PlanValues>
          name="active"
          label={t('form.active')}
          valuePropName="checked"
          extra={t('form.activeHelp')}
          dependencies={['is_default']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule, value: boolean) =>
                getFieldValue('is_default') && !value
                  ? Promise.reject(new Error(i18n.message('plans.defaultInactive')))
                  : Promise.resolve(),
            }),
          ]}
        >
          <Switch />
        </Form.Item>
      </Flex>
      <Flex gap={8} justify="flex-end">
        <Button onClick={onDone}>{common('actions.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {plan ? common('actions.save') : t('form.create')}
        </Button>
      </Flex>
    </Form>
  )
}

/** One limit: "Unlimited", or a number of requests (or map loads) per minute, day or month. */
function LimitField({ kind }: { kind: 'request' | 'load' }) {
  const t = useT(plansMessages)
  const form = Form.useFormInstance<PlanValues>()
  const unlimitedName = kind === 'request' ? 'request_unlimited' : 'load_unlimited'
  const limitName = kind === 'request' ? 'request_limit' : 'load_limit'
  const durationName = kind === 'request' ? 'request_limit_duration' : 'load_limit_duration'
  const isUnlimited = Form.useWatch(unlimitedName, form) === true
  const label = kind === 'request' ? t('form.requestLimit') : t('form.loadLimit')

  return (
    <Form.Item label={label} required={!isUnlimited} style={{ marginBottom: 8 }}>
      <Flex gap={8} wrap align="flex-start">
        <Form.Item<PlanValues> name={unlimitedName} valuePropName="checked" style={{ marginBottom: 8 }}>
          <Checkbox
            aria-label={kind === 'request' ? t('form.requestUnlimited') : t('form.loadUnlimited')}
            onChange={() => form.setFields([{ name: limitName, errors: [] }])}
          >
            {t('form.unlimited')}
          </Checkbox>
        </Form.Item>
        <Form.Item<PlanValues>
          name={limitName}
          dependencies={[unlimitedName]}
          style={{ marginBottom: 8, flex: '1 1 160px' }}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule, value: number | null) =>
                getFieldValue(unlimitedName) || (typeof value === 'number' && value >= 1)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('form.limitRequired'))),
            }),
          ]}
        >
          <InputNumber<number>
            aria-label={kind === 'request' ? t('form.requestCount') : t('form.loadCount')}
            min={1}
            max={2_000_000_000}
            precision={0}
            disabled={isUnlimited}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item<PlanValues> name={durationName} style={{ marginBottom: 8, flex: '0 0 150px' }}>
          <Select<LimitDuration>
            aria-label={kind === 'request' ? t('form.requestDuration') : t('form.loadDuration')}
            disabled={isUnlimited}
            options={DURATIONS.map((duration) => ({ value: duration, label: t(`form.per.${duration}`) }))}
          />
        </Form.Item>
      </Flex>
    </Form.Item>
  )
}

/** A plan's name and description in one language: a description asks for a name; both may stay empty. */
function TranslationFields({ lang }: { lang: TranslationLang }) {
  const t = useT(plansMessages)
  const language = useLanguageName()(lang)
  const prefix = ['translations', lang]
  return (
    <>
      <Form.Item
        name={[...prefix, 'name']}
        label={t('form.name')}
        rules={[wholeGroupRuleFrom(() => null, prefix, t('form.translationNameRequired', { language }))]}
        dependencies={[[...prefix, 'description']]}
      >
        <TextInput maxLength={100} autoComplete="off" lang={lang} />
      </Form.Item>
      <Form.Item name={[...prefix, 'description']} label={t('form.description')}>
        <TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} lang={lang} />
      </Form.Item>
    </>
  )
}
