import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { ResultPage } from '../../ui/ResultPage.tsx'

/** docs/requirements.md §2.6: "You don't have permission to access this page" with a link back to /. */
export function PermissionDenied() {
  const t = useT(commonMessages)
  return (
    <ResultPage
      status="403"
      title={t('pages.forbidden')}
      subTitle={t('pages.forbiddenHint')}
      homeLabel={t('actions.backHome')}
    />
  )
}
