import { RocketOutlined } from '@ant-design/icons'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { firstCallMessages } from './first-call.i18n.ts'

/** "Make your first call": Get started with this key chosen (or the newest key, which a new key is). */
export function FirstCallLink({ keyId }: { keyId?: string }) {
  const t = useT(firstCallMessages)
  return (
    <LinkButton icon={<RocketOutlined />} to={keyId ? paths.getStartedWith(keyId) : paths.getStarted}>
      {t('link')}
    </LinkButton>
  )
}
