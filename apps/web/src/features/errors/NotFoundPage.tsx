import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { ResultPage } from '../../ui/ResultPage.tsx'

export function NotFoundPage() {
  const t = useT(commonMessages)
  return (
    <ResultPage
      status="404"
      title={t('pages.notFound')}
      subTitle={t('pages.notFoundHint')}
      homeLabel={t('actions.backHome')}
    />
  )
}
