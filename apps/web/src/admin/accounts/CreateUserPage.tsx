import { ArrowLeftOutlined } from '@ant-design/icons'
import { type CreateUserBody, ROLES, type Role } from '@app/contract'
import { App, Card, Col, Flex, Form, Radio, Row, Switch, Typography } from 'antd'
import { Link, useNavigate } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { useIsAdmin } from './AccountActions.tsx'
import { AccountForm, type AccountProfileValues, useAccountForm } from './AccountForm.tsx'
import { useCreateAccount } from './accounts.api.ts'
import { accountsMessages } from './accounts.i18n.ts'
import { editUserPath } from './UserManagementPage.tsx'

interface CreateValues extends AccountProfileValues {
  email: string
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
  const state = useAccountForm<CreateValues>()
  const create = useCreateAccount()

  const onFinish = (values: CreateValues) => {
    state.clearFailure()
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
      onError: (error) => state.fail(t('form.failed'), error),
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
        <AccountForm<CreateValues>
          state={state}
          mode="create"
          initialValues={INITIAL}
          pending={create.isPending}
          submitLabel={t('form.submit')}
          onFinish={onFinish}
        >
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
        </AccountForm>
      </Card>
    </Flex>
  )
}
