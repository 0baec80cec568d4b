import { BarChartOutlined } from '@ant-design/icons'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { usageMessages } from './usage.i18n.ts'

/** The way to /statistics from other screens (the customer menu has no entry for it, docs/requirements.md §2.7). */
export function UsageLink() {
  const t = useT(usageMessages)
  return (
    <LinkButton icon={<BarChartOutlined />} to={paths.usage}>
      {t('link')}
    </LinkButton>
  )
}
