import { useQuery } from '@tanstack/react-query'
import { Spin } from 'antd'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { appConfigQuery } from '../../api/app-config.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { ResultPage } from '../../ui/ResultPage.tsx'
import { SupportContactLine } from '../support-contact/SupportContactLine.tsx'

const RECHECK_MS = 30_000

/** /maintain: no layout; checks every 30 s and returns to the portal once maintenance is over. */
export function MaintenancePage() {
  const t = useT(commonMessages)
  const navigate = useNavigate()
  const config = useQuery({ ...appConfigQuery(), refetchInterval: RECHECK_MS })
  useEffect(() => {
    if (config.data && !config.data.maintenance) navigate('/', { replace: true })
  }, [config.data, navigate])
  return (
    <ResultPage
      status="warning"
      title={t('pages.maintenance')}
      subTitle={t('pages.maintenanceHint')}
      extra={
        <>
          <SupportContactLine />
          {config.isFetching ? <Spin size="small" /> : null}
        </>
      }
    />
  )
}
