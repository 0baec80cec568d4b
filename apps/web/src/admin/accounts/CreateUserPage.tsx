import { ArrowLeftOutlined } from '@ant-design/icons'
import {
  type CreateUserBody,
  checkEmail,
  checkMaxLength,
  checkNamePart,
  checkPassword,
  checkPhone,
  JOB_TITLE_MAX,
  ORGANIZATION_MAX,
  ROLES,
  type Role,
} from '@app/contract'
import { Alert, App, Button, Card, Col, Flex, Form, Input, Radio, Row, Switch, Typography } from 'antd'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { confirmationRule, optionalRuleFrom, ruleFrom } from '../../ui/form-rules.ts'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { useIsAdmin } from './AccountActions.tsx'
import { useCreateAccount } from './accounts.api.ts'
import { accountsMessages } from './accounts.i18n.ts'
import { editUserPath } from './UserManagementPage.tsx'

interface CreateValues {
  first_name: string
  last_name: string
  email: string
  phone_number: string
  organization: string
  job_title: string
  password: string
  confirm_password: string
  role: Role
  active_after_created: boolean
  enjoy_discount: boolean
  check_balance: boolean
}

const INITIAL: Partial<CreateValues> = {
  role: 'customer',
  active_after_created: true,
  enjoy_discount: false,
  check_balance: false,
}

/**
 * /administrator/user-management/create-user: a new account with a password staff choose, checked by
 * the contract's rules as the server checks them. Support create customers only; the role and the
 * per-user flags are for administrators (docs/requirements.md §4.8). Success opens the new account.
 */
export function CreateUserPage() {
  const t = useT(accountsMessages)
  useDocumentTitle(t('form.createTitle'))
  const isAdmin = useIsAdmin()
  const navigate = useNavigate()
  const { message } = App.useApp()
  const [form] = Form.useForm<CreateValues>()
  const fading = useFadingErrors(form)
  const create = useCreateAccount()
  const [failure, setFailure] = useState<string | null>(null)

  const onFinish = (values: CreateValues) => {
    setFailure(null)
    const body: CreateUserBody = {
      first_name: values.first_name,
      last_name: values.last_name,
      email: values.email,
      phone_number: values.phone_number,
      ...(values.organization?.trim() ? { organization: values.organization } : {}),
      ...(values.job_title?.trim() ? { job_title: values.job_title } : {}),
      password: values.password,
      confirm_password: values.confirm_password,
      ...(isAdmin
        ? {
            role: values.role,
            active_after_created: values.active_after_created,
            enjoy_discount: values.enjoy_discount,
            check_balance: values.check_balance,
          }
        : {}),
    }
    create.mutate(body, {
      onSuccess: ({ data, message: text }) => {
        message.success(text)
        navigate(editUserPath(data.id))
      },
      onError: (error) => {
        if (!fading.showServerErrors(error)) setFailure(`${t('form.failed')}: ${error.message}`)
      },
    })
  }

  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }}>
      <Link to={paths.admin.users} style={{ alignSelf: 'flex-start' }}>
        <ArrowLeftOutlined /> {t('form.cancel')}
      </Link>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('form.createTitle')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('form.createIntro')}</Typography.Text>
      </div>
      <Card>
        <Form<CreateValues>
          form={form}
          layout="vertical"
          validateTrigger="onBlur"
          initialValues={INITIAL}
          onFieldsChange={fading.onFieldsChange}
          onFinish={onFinish}
        >
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item name="first_name" label={t('form.firstName')} required rules={[ruleFrom(checkNamePart)]}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="last_name" label={t('form.lastName')} required rules={[ruleFrom(checkNamePart)]}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="email" label={t('form.email')} required rules={[ruleFrom(checkEmail)]}>
                <Input type="email" autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="phone_number" label={t('form.phone')} required rules={[ruleFrom(checkPhone)]}>
                <Input type="tel" inputMode="tel" autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="organization"
                label={t('form.organization')}
                rules={[optionalRuleFrom(checkMaxLength(ORGANIZATION_MAX))]}
              >
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="job_title"
                label={t('form.jobTitle')}
                rules={[optionalRuleFrom(checkMaxLength(JOB_TITLE_MAX))]}
              >
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="password" label={t('form.password')} required rules={[ruleFrom(checkPassword)]}>
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="confirm_password"
                label={t('form.confirmPassword')}
                required
                dependencies={['password']}
                rules={[confirmationRule('password')]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </Col>
          </Row>
          {isAdmin ? (
            <>
              <Form.Item name="role" label={t('form.role')}>
                <Radio.Group options={ROLES.map((value) => ({ value, label: t(`roles.${value}`) }))} />
              </Form.Item>
              <Row gutter={16}>
                <Col xs={24} md={8}>
                  <Form.Item
                    name="active_after_created"
                    label={t('form.activeAfterCreated')}
                    valuePropName="checked"
                    extra={t('form.activeAfterCreatedHint')}
                  >
                    <Switch />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name="enjoy_discount" label={t('form.enjoyDiscount')} valuePropName="checked">
                    <Switch />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name="check_balance" label={t('form.checkBalance')} valuePropName="checked">
                    <Switch />
                  </Form.Item>
                </Col>
              </Row>
            </>
          ) : (
            <Typography.Paragraph type="secondary">{t('form.roleSupportHint')}</Typography.Paragraph>
          )}
          {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t('form.submit')}
          </Button>
        </Form>
      </Card>
    </Flex>
  )
}
