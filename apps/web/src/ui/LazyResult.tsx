import type { ResultProps } from 'antd'
import { Suspense } from 'react'
import { lazyComponent } from '../lib/lazy-component.tsx'

// antd's Result carries its 403, 404 and 500 illustrations (10 kB gzip). The screens that show one for
// something missing or refused (a deleted key, a bill or ticket not found, no permission) do so rarely,
// so it loads when one is first shown (bench/README.md, issue 20).
const Result = lazyComponent(
  () => import('./antd-result.ts'),
  (m) => m.Result,
)

/** antd's Result, its code loaded when one is first shown. */
export function LazyResult(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <Result.Component {...props} />
    </Suspense>
  )
}
