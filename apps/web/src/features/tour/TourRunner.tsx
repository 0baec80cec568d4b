import { Tour, type TourProps } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { TOUR_STEPS } from './steps.ts'
import { tourMessages } from './tour.i18n.ts'
import { markTourDone } from './tour-flag.ts'

const WAIT_STEP_MS = 200
/** How long a step waits for its element (a page still loading) before showing in the middle. */
const WAIT_MAX_MS = 5000

function find(selector: string | null): HTMLElement | null {
  return selector ? document.querySelector<HTMLElement>(selector) : null
}

/**
 * Runs the tour (antd's Tour): each step opens its page first and waits for its element; closing or
 * finishing sets the user's flag and ends on the dashboard.
 */
export function TourRunner({ userId, onDone }: { userId: string; onDone: () => void }) {
  const t = useT(tourMessages)
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const [current, setCurrent] = useState(0)
  const [ready, setReady] = useState(false)
  const step = TOUR_STEPS[current] ?? TOUR_STEPS[0]
  const page = step?.page ?? paths.dashboard
  const target = step?.target ?? null

  useEffect(() => {
    if (pathname !== page) {
      setReady(false)
      navigate(page)
      return
    }
    let waited = 0
    const timer = setInterval(() => {
      waited += WAIT_STEP_MS
      if (!target || find(target) || waited >= WAIT_MAX_MS) {
        clearInterval(timer)
        find(target)?.scrollIntoView({ block: 'center', behavior: 'instant' })
        setReady(true)
      }
    }, WAIT_STEP_MS)
    return () => clearInterval(timer)
  }, [pathname, page, target, navigate])

  const finish = () => {
    markTourDone(userId)
    navigate(paths.dashboard)
    onDone()
  }

  const steps: TourProps['steps'] = useMemo(
    () =>
      TOUR_STEPS.map((s, index) => {
        const key = `s${index + 1}` as 's1'
        return {
          title: t(`${key}.title`),
          description: t(`${key}.text`),
          target: s.target ? () => find(s.target) as HTMLElement : null,
          nextButtonProps: { children: index === TOUR_STEPS.length - 1 ? t('controls.finish') : t('controls.next') },
          prevButtonProps: { children: t('controls.prev') },
        }
      }),
    [t],
  )

  return (
    <Tour
      open={ready}
      current={current}
      steps={steps}
      onChange={(next) => {
        setReady(false)
        setCurrent(next)
      }}
      onClose={finish}
      onFinish={finish}
      closeIcon={<span title={t('controls.skip')}>×</span>}
      indicatorsRender={(index, total) => (
        <span data-testid="tour-progress">{t('controls.progress', { current: index + 1, total })}</span>
      )}
      zIndex={1100}
    />
  )
}
