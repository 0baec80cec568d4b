import { ToolOutlined } from '@ant-design/icons'
import { Result } from 'antd'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { shellMessages } from './shell.i18n.ts'

/** An honest placeholder for a menu entry whose feature has not been built yet: no fake data. */
export type ComingSoonFeature = 'billing' | 'payment' | 'maps' | 'support' | 'faqs'

export function ComingSoonPage({ feature }: { feature: ComingSoonFeature }) {
  const t = useT(shellMessages)
  const common = useT(commonMessages)
  return (
    <Result
      icon={<ToolOutlined />}
      title={common('pages.comingSoon', { feature: t(`comingSoon.${feature}`) })}
      subTitle={common('pages.comingSoonHint')}
    />
  )
}
