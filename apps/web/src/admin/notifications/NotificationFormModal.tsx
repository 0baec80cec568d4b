import type { Notification, RecipientFilter } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { App, Button, Checkbox, DatePicker, Flex, Form, Modal, Radio, Select, Skeleton, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { lazy, Suspense, useState } from 'react'
import { useAppMutation } from '../../api/use-app-mutation.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { requiredRule, wholeGroupRuleFrom } from '../../ui/form-rules.ts'
import { TextInput } from '../../ui/inputs.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import {
  LanguageTabs,
  type TranslationLang,
  useLanguageName,
  useLanguageTab,
  writtenTranslations,
} from '../shell/LanguageTabs.tsx'
import { plansQuery, saveNotificationCall, useCountRecipients } from './notifications.api.ts'
import { notificationsMessages } from './notifications.i18n.ts'

// The editor (TipTap and ProseMirror) is loaded only when a notification is composed.
const RichEditor = lazy(() => import('./RichEditor.tsx').then((m) => ({ default: m.RichEditor })))

/** The form item's value and onChange reach the editor through this (Suspense would not pass them on). */
function ContentEditor({
  value,
  onChange,
  id,
  loading,
}: {
  value?: string
  onChange?: (html: string) => void
  id?: string
  loading: string
}) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} title={false} aria-label={loading} />}>
      <RichEditor
        {...(value !== undefined ? { value } : {})}
        {...(onChange ? { onChange } : {})}
        {...(id ? { id } : {})}
      />
    </Suspense>
  )
}

interface Words {
  subject: string
  content: string
}

interface Values extends Words {
  name: string
  translations: Record<TranslationLang, Words>
  audience: 'all' | 'filter'
  plan_ids: string[]
  status: 'active' | 'suspended' | 'any'
  signed_up: [Dayjs, Dayjs] | null
  inactive_keys: boolean
  email_contains: string
  when: 'now' | 'later'
  send_at: Dayjs | null
}

const DATE = 'YYYY-MM-DD'

function filterOf(values: Values): RecipientFilter {
  if (values.audience === 'all') return { all: true }
  const [from, to] = values.signed_up ?? []
  return {
    all: false,
    ...(values.plan_ids.length > 0 ? { plan_ids: values.plan_ids } : {}),
    ...(values.status !== 'any' ? { status: values.status } : {}),
    ...(from ? { signed_up_from: from.format(DATE) } : {}),
    ...(to ? { signed_up_to: to.format(DATE) } : {}),
    ...(values.inactive_keys ? { inactive_keys: true } : {}),
    ...(values.email_contains.trim() ? { email_contains: values.email_contains.trim() } : {}),
  }
}

function valuesOf(n: Notification | null): Values {
  const r = n?.recipients
  return {
    name: n?.name ?? '',
    subject: n?.subject ?? '',
    content: n?.content ?? '',
    translations: {
      my: n?.translations.my ?? { subject: '', content: '' },
      vi: n?.translations.vi ?? { subject: '', content: '' },
    },
    audience: !r || r.all ? 'all' : 'filter',
    plan_ids: r?.plan_ids ?? [],
    status: r?.status ?? 'any',
    signed_up:
      r?.signed_up_from || r?.signed_up_to
        ? [dayjs(r.signed_up_from ?? r.signed_up_to), dayjs(r.signed_up_to ?? r.signed_up_from)]
        : null,
    inactive_keys: r?.inactive_keys ?? false,
    email_contains: r?.email_contains ?? '',
    when: n ? 'later' : 'now',
    send_at: n ? dayjs(n.send_at) : null,
  }
}

/**
 * Composes or edits a pending notification: name, e-mail subject, rich content, recipients (every
 * customer or a filter, with a count of who matches now) and when to send. The "update
 * notification failed" heads a failed edit.
 */
export function NotificationFormModal({
  open,
  notification,
  onClose,
}: {
  open: boolean
  notification: Notification | null
  onClose: () => void
}) {
  const t = useT(notificationsMessages)
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={notification ? t('form.editTitle', { name: notification.name }) : t('form.createTitle')}
      footer={null}
      destroyOnHidden
      width={760}
    >
      {open ? <NotificationForm notification={notification} onDone={onClose} /> : null}
    </Modal>
  )
}

function NotificationForm({ notification, onDone }: { notification: Notification | null; onDone: () => void }) {
  const t = useT(notificationsMessages)
  const common = useT(commonMessages)
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const { onFieldsChange, showServerErrors } = useFadingErrors(form)
  const save = useAppMutation({
    ...saveNotificationCall,
    success: ({ message }) => message,
    failure: notification ? t('form.updateFailed') : t('form.createFailed'),
    onSuccess: onDone,
    onError: (error) => {
      showServerErrors(error)
      return false
    },
  })
  const count = useCountRecipients()
  const plans = useQuery(plansQuery())
  const [counted, setCounted] = useState<number | null>(null)
  const audience = Form.useWatch('audience', form)
  // The language tab in view: a refused save shows the tab of the first field it names.
  const languageTab = useLanguageTab(['subject', 'content'])
  const when = Form.useWatch('when', form)

  const onCount = () => {
    setCounted(null)
    count
      .mutateAsync(filterOf(form.getFieldsValue(true) as Values))
      .then(({ data }) => setCounted(data.total))
      .catch(() => message.error(t('form.countFailed')))
  }

  const onFinish = (values: Values) => {
    save.run({
      id: notification?.id ?? null,
      body: {
        name: values.name.trim(),
        subject: values.subject.trim(),
        content: values.content,
        // A language left wholly empty is not sent: its recipients get the English e-mail.
        translations: writtenTranslations(values.translations, (words) =>
          words.subject.trim() || words.content ? { ...words, subject: words.subject.trim() } : null,
        ),
        recipients: filterOf(values),
        send_at: values.when === 'later' && values.send_at ? values.send_at.toISOString() : null,
      },
    })
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={valuesOf(notification)}
      onFinish={onFinish}
      onFinishFailed={languageTab.onFinishFailed}
      onFieldsChange={(changed, all) => {
        onFieldsChange(changed, all)
        // Only the recipient fields change the count.
        if (changed.some((f) => !['content', 'subject', 'translations'].includes(String([f.name].flat()[0]))))
          setCounted(null)
      }}
    >
      <Form.Item<Values>
        name="name"
        label={t('form.name')}
        extra={t('form.nameHelp')}
        required
        rules={[requiredRule('notifications.nameRequired')]}
      >
        <TextInput maxLength={255} autoComplete="off" autoFocus />
      </Form.Item>
      <LanguageTabs
        {...languageTab.tabs}
        english={
          <>
            <Form.Item<Values>
              name="subject"
              label={t('form.subject')}
              required
              rules={[requiredRule('notifications.subjectRequired')]}
            >
              <TextInput maxLength={255} autoComplete="off" />
            </Form.Item>
            <Form.Item<Values>
              name="content"
              label={t('form.content')}
              required
              rules={[requiredRule('notifications.contentRequired')]}
            >
              <ContentEditor loading={t('form.contentLoading')} />
            </Form.Item>
          </>
        }
        translation={(lang) => <TranslationFields lang={lang} />}
      />
      <Form.Item<Values> name="audience" label={t('form.recipients')}>
        <Radio.Group
          options={[
            { value: 'all', label: t('form.all') },
            { value: 'filter', label: t('form.filter') },
          ]}
        />
      </Form.Item>
      {audience === 'filter' ? (
        <Flex
          vertical
          gap={0}
          style={{ paddingInlineStart: 16, borderInlineStart: '2px solid rgba(128,128,128,0.25)' }}
        >
          <Flex gap={12} wrap>
            <Form.Item<Values> name="plan_ids" label={t('form.plans')} style={{ flex: '1 1 220px' }}>
              <Select
                mode="multiple"
                allowClear
                placeholder={t('form.anyPlan')}
                loading={plans.isLoading}
                options={(plans.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              />
            </Form.Item>
            <Form.Item<Values> name="status" label={t('form.status')} style={{ flex: '1 1 160px' }}>
              <Select
                options={[
                  { value: 'any', label: t('form.anyStatus') },
                  { value: 'active', label: t('form.active') },
                  { value: 'suspended', label: t('form.suspended') },
                ]}
              />
            </Form.Item>
          </Flex>
          <Flex gap={12} wrap>
            <Form.Item<Values> name="signed_up" label={t('form.signedUp')} style={{ flex: '1 1 260px' }}>
              <DatePicker.RangePicker format={DATE} allowEmpty={[true, true]} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item<Values> name="email_contains" label={t('form.emailContains')} style={{ flex: '1 1 200px' }}>
              <TextInput maxLength={255} autoComplete="off" />
            </Form.Item>
          </Flex>
          <Form.Item<Values> name="inactive_keys" valuePropName="checked">
            <Checkbox>{t('form.inactiveKeys')}</Checkbox>
          </Form.Item>
        </Flex>
      ) : null}
      <Flex gap={12} align="center" style={{ marginBottom: 16 }}>
        <Button onClick={onCount} loading={count.isPending}>
          {t('form.count')}
        </Button>
        {counted !== null ? (
          <Typography.Text data-testid="recipient-count">{t('form.counted', { count: counted })}</Typography.Text>
        ) : null}
      </Flex>
      <Form.Item<Values> name="when" label={t('form.when')}>
        <Radio.Group
          options={[
            { value: 'now', label: t('form.now') },
            { value: 'later', label: t('form.later') },
          ]}
        />
      </Form.Item>
      {when === 'later' ? (
        <Form.Item<Values>
          name="send_at"
          label={t('form.sendAt')}
          required
          rules={[{ required: true, message: t('form.sendAtRequired') }]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            // Enter confirms the typed date and time in the picker; it must not also submit the form
            // (the browser's implicit submission), which sent the notification at once.
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault()
            }}
            format="YYYY-MM-DD HH:mm"
            disabledDate={(d) => d.isBefore(dayjs(), 'day')}
            style={{ width: 240 }}
          />
        </Form.Item>
      ) : null}
      <Flex gap={8} justify="flex-end">
        <Button onClick={onDone}>{common('actions.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {notification ? t('form.submitEdit') : when === 'later' ? t('form.submitCreate') : t('form.submitNow')}
        </Button>
      </Flex>
    </Form>
  )
}

/** Nothing to judge beyond being written (the field's own length limit holds the rest). */
const written = () => null

/** One language's subject and content: both written, or both left empty (its recipients get English). */
function TranslationFields({ lang }: { lang: TranslationLang }) {
  const t = useT(notificationsMessages)
  const language = useLanguageName()(lang)
  const prefix = ['translations', lang]
  const rule = wholeGroupRuleFrom(written, prefix, t('form.translationIncomplete', { language }))
  return (
    <>
      <Form.Item
        name={[...prefix, 'subject']}
        label={t('form.subject')}
        rules={[rule]}
        dependencies={[[...prefix, 'content']]}
      >
        <TextInput maxLength={255} autoComplete="off" lang={lang} />
      </Form.Item>
      <Form.Item
        name={[...prefix, 'content']}
        label={t('form.content')}
        rules={[rule]}
        dependencies={[[...prefix, 'subject']]}
      >
        <ContentEditor loading={t('form.contentLoading')} />
      </Form.Item>
    </>
  )
}
