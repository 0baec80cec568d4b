import { MailOutlined } from '@ant-design/icons'
import { Result } from 'antd'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { authMessages } from './auth.i18n.ts'

/**
 * What a visitor sees after asking for a mail: the server's neutral answer, which never tells whether
 * the address has an account.
 */
export function MailSent({ title, message }: { title: string; message: string }) {
  const t = useT(authMessages)
  useDocumentTitle(title)
  return (
    <Result
      status="success"
      icon={<MailOutlined />}
      title={title}
      subTitle={message}
      style={{ padding: '8px 0' }}
      extra={
        <LinkButton to={paths.login} type="primary" size="large">
          {t('backToSignIn')}
        </LinkButton>
      }
    />
  )
}
