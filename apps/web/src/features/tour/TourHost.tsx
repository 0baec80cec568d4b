import { lazy, Suspense, useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { paths } from '../../app/paths.ts'
import { useSession } from '../../app/session.ts'
import { tourPending, tourWanted } from './tour-flag.ts'

// The tour itself (antd's Tour and thirty steps) is loaded only for a user about to see it.
const TourRunner = lazy(() => import('./TourRunner.tsx').then((m) => ({ default: m.TourRunner })))

/**
 * Starts the first-login tour for a signed-in user who has not seen it, on the dashboard, on a screen
 * wider than 768 px, once the loading splash has gone. Component tests (Vitest) never start it.
 */
export function TourHost() {
  const session = useSession()
  const { pathname } = useLocation()
  const [running, setRunning] = useState(false)
  const userId = session?.user_id ?? null
  const onDashboard = pathname === paths.home || pathname === paths.dashboard

  useEffect(() => {
    if (running || !userId || !onDashboard || import.meta.env.MODE === 'test') return
    // The flags alone here, as the page is drawn: the viewport's width is read once the splash (the
    // 4-second loading screen of docs/requirements.md §2.9) has gone, after the page's first paint.
    if (!tourPending(userId)) return
    const timer = setInterval(() => {
      if (!document.querySelector('[data-testid="splash"]')) {
        clearInterval(timer)
        if (tourWanted(userId, () => window.innerWidth)) setRunning(true)
      }
    }, 300)
    return () => clearInterval(timer)
  }, [running, userId, onDashboard])

  if (!running || !userId) return null
  return (
    <Suspense fallback={null}>
      <TourRunner userId={userId} onDone={() => setRunning(false)} />
    </Suspense>
  )
}
