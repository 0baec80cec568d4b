import {
  checkMaxLength,
  checkNamePart,
  formatDateTime,
  JOB_TITLE_MAX,
  ORGANIZATION_MAX,
  type Profile,
  type ProfileUpdate,
} from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Badge, Button, Col, Flex, Form, Row, Typography, theme } from 'antd'
import { useEffect, useState } from 'react'
import { useT } from '../../i18n/define.ts'
import { currentLang } from '../../i18n/lang.ts'
import { usePreloaded } from '../../lib/lazy-component.tsx'
import { lazyOptionalRuleFrom, optionalRuleFrom, problemText, ruleFrom } from '../../ui/form-rules.ts'
import { TextInput } from '../../ui/inputs.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { profileQuery } from '../auth/auth.api.ts'
import { AvatarField } from './AvatarField.tsx'
import { useSendPhoneCode, useUpdateProfile, useVerifyPhone } from './settings.api.ts'
import { settingsMessages } from './settings.i18n.ts'

// The phone check's numbering plans load apart from the page, fetched once the form is drawn (bench/README.md, issue 20).
const phoneCheck = () => import('../../ui/phone-check.ts').then((m) => m.checkPhone)
const phoneRule = lazyOptionalRuleFrom(phoneCheck)

interface ProfileValues {
  avatar: string | null
  first_name: string
  last_name: string
  phone_number: string
  organization: string
  job_title: string
}

function valuesOf(profile: Profile): ProfileValues {
  return {
    avatar: profile.avatar,
    first_name: profile.first_name,
    last_name: profile.last_name,
    phone_number: profile.phone_number ?? '',
    organization: profile.organization ?? '',
    job_title: profile.job_title ?? '',
  }
}

/** Only what changed is sent (the contract's PUT takes any subset); an emptied field becomes null. */
function changesOf(values: ProfileValues, saved: ProfileValues): ProfileUpdate {
  const changes: ProfileUpdate = {}
  const blankToNull = (text: string) => (text.trim() ? text.trim() : null)
  if (values.avatar !== saved.avatar) changes.avatar = values.avatar
  if (values.first_name !== saved.first_name) changes.first_name = values.first_name
  if (values.last_name !== saved.last_name) changes.last_name = values.last_name
  if (values.phone_number !== saved.phone_number) changes.phone_number = blankToNull(values.phone_number)
  if (values.organization !== saved.organization) changes.organization = blankToNull(values.organization)
  if (values.job_title !== saved.job_title) changes.job_title = blankToNull(values.job_title)
  return changes
}

/** /settings/profile: the photo, name and contact details of the signed-in user. */
export function ProfileForm() {
  const profile = useQuery(profileQuery())
  usePreloaded({ preload: phoneCheck })
  return <QueryState query={profile}>{(user) => <ProfileFields profile={user} />}</QueryState>
}

function ProfileFields({ profile }: { profile: Profile }) {
  const t = useT(settingsMessages)
  const { message } = App.useApp()
  const [form] = Form.useForm<ProfileValues>()
  const fading = useFadingErrors(form)
  const update = useUpdateProfile()
  const [failure, setFailure] = useState<string | null>(null)
  const [isDirty, setDirty] = useState(false)
  const saved = valuesOf(profile)

  const onFinish = (values: ProfileValues) => {
    setFailure(null)
    const changes = changesOf(values, saved)
    if (Object.keys(changes).length === 0) {
      setDirty(false)
      return
    }
    update.mutate(changes, {
      onSuccess: ({ data, message: text }) => {
        message.success(text)
        form.setFieldsValue(valuesOf(data))
        setDirty(false)
      },
      onError: (error) => {
        if (!fading.showServerErrors(error)) setFailure(error.message)
      },
    })
  }

  const onUndo = () => {
    form.setFieldsValue(saved)
    form.setFields((Object.keys(saved) as (keyof ProfileValues)[]).map((name) => ({ name, errors: [] })))
    setFailure(null)
    setDirty(false)
  }

  return (
    <Form
      form={form}
      layout="vertical"
      validateTrigger="onBlur"
      initialValues={saved}
      onFieldsChange={fading.onFieldsChange}
      onValuesChange={() => setDirty(true)}
      onFinish={onFinish}
      style={{ maxWidth: 640 }}
    >
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
        {t('profile.heading')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('profile.intro')}</Typography.Paragraph>
      <Form.Item name="avatar" label={t('profile.avatar')}>
        <AvatarField name={profile.full_name} onProblem={(text) => fading.showFieldError('avatar', text)} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="first_name" label={t('profile.firstName')} required rules={[ruleFrom(checkNamePart)]}>
            <TextInput autoComplete="given-name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="last_name" label={t('profile.lastName')} required rules={[ruleFrom(checkNamePart)]}>
            <TextInput autoComplete="family-name" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label={
          <Flex align="center" gap={8} wrap>
            {t('profile.email')}
            <Badge
              status={profile.email_verified ? 'success' : 'warning'}
              text={profile.email_verified ? t('profile.verified') : t('profile.unverified')}
            />
          </Flex>
        }
        htmlFor="profile-email"
        extra={t('profile.emailHint')}
      >
        <TextInput id="profile-email" value={profile.email} readOnly variant="filled" autoComplete="email" />
      </Form.Item>
      <Form.Item
        name="phone_number"
        label={
          <Flex align="center" gap={8} wrap>
            {t('profile.phone')}
            {profile.phone_number ? (
              <Badge
                status={profile.phone_verified ? 'success' : 'warning'}
                text={profile.phone_verified ? t('profile.verified') : t('profile.unverified')}
              />
            ) : null}
          </Flex>
        }
        rules={[phoneRule]}
        extra={t('profile.phoneHint')}
      >
        <TextInput type="tel" autoComplete="tel" inputMode="tel" />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(before, after) => before.phone_number !== after.phone_number}>
        {({ getFieldValue }) =>
          profile.phone_number && !profile.phone_verified ? (
            getFieldValue('phone_number') === saved.phone_number ? (
              <PhoneVerification phone={profile.phone_number} />
            ) : (
              <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
                {t('phone.saveFirst')}
              </Typography.Paragraph>
            )
          ) : null
        }
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="organization"
            label={t('profile.organization')}
            rules={[optionalRuleFrom(checkMaxLength(ORGANIZATION_MAX))]}
          >
            <TextInput autoComplete="organization" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="job_title"
            label={t('profile.jobTitle')}
            rules={[optionalRuleFrom(checkMaxLength(JOB_TITLE_MAX))]}
          >
            <TextInput autoComplete="organization-title" />
          </Form.Item>
        </Col>
      </Row>
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Flex gap={8} wrap>
        <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!isDirty}>
          {t('profile.save')}
        </Button>
        <Button onClick={onUndo} disabled={!isDirty || update.isPending}>
          {t('profile.undo')}
        </Button>
      </Flex>
    </Form>
  )
}

const RESEND_AFTER_S = 60
const CODE_LENGTH = 6

/**
 * Confirms the saved phone number (keys need a verified one): a 6-digit code by SMS, at most one a
 * minute, typed back here. Inside the profile form, so Enter verifies the code instead of saving.
 */
function PhoneVerification({ phone }: { phone: string }) {
  const t = useT(settingsMessages)
  const { message } = App.useApp()
  const { token } = theme.useToken()
  const send = useSendPhoneCode()
  const verify = useVerifyPhone()
  const [code, setCode] = useState('')
  const [sent, setSent] = useState<{ text: string; expiresAt: string } | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [resendAt, setResendAt] = useState(0)
  const [now, setNow] = useState(() => Date.now())
  const waitSeconds = Math.max(0, Math.ceil((resendAt - now) / 1000))

  useEffect(() => {
    if (resendAt <= Date.now()) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [resendAt])

  const onSend = () => {
    setFailure(null)
    send.mutate(undefined, {
      onSuccess: ({ data, message: text }) => {
        setSent({ text, expiresAt: data.expires_at })
        setResendAt(Date.now() + RESEND_AFTER_S * 1000)
        setNow(Date.now())
      },
      onError: (error) => setFailure(error.message),
    })
  }

  const onVerify = () => {
    if (!/^\d{6}$/.test(code)) {
      setFailure(problemText({ key: 'phone.codeFormat' }))
      return
    }
    setFailure(null)
    verify.mutate(code, {
      onSuccess: ({ message: text }) => {
        message.success(text)
        setCode('')
      },
      onError: (error) => setFailure(error.message),
    })
  }

  return (
    <Flex
      vertical
      gap={12}
      style={{
        padding: 16,
        marginBottom: 24,
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${token.colorWarningBorder}`,
        background: token.colorWarningBg,
      }}
    >
      <div>
        <Typography.Text strong>{t('phone.title')}</Typography.Text>
        <Typography.Paragraph style={{ margin: '4px 0 0' }}>{t('phone.intro', { phone })}</Typography.Paragraph>
      </div>
      <Flex gap={8} align="center" wrap>
        <Button onClick={onSend} loading={send.isPending} disabled={waitSeconds > 0}>
          {waitSeconds > 0 ? t('phone.resendIn', { seconds: waitSeconds }) : sent ? t('phone.resend') : t('phone.send')}
        </Button>
        {sent ? (
          <Typography.Text type="secondary" role="status">
            {sent.text} {t('phone.expires', { time: formatDateTime(sent.expiresAt, currentLang()) })}
          </Typography.Text>
        ) : null}
      </Flex>
      <Flex gap={8} align="center" wrap>
        <TextInput
          aria-label={t('phone.code')}
          placeholder={t('phone.codePlaceholder')}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
          onPressEnter={(event) => {
            event.preventDefault()
            onVerify()
          }}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          style={{ width: 160, letterSpacing: 4, fontVariantNumeric: 'tabular-nums' }}
        />
        <Button type="primary" onClick={onVerify} loading={verify.isPending} disabled={code.length !== CODE_LENGTH}>
          {t('phone.verify')}
        </Button>
      </Flex>
      {failure ? <Alert type="error" showIcon title={failure} /> : null}
    </Flex>
  )
}
