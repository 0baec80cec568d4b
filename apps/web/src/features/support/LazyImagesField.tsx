import { Skeleton } from 'antd'
import { type ComponentProps, Suspense } from 'react'
import { lazyComponent } from '../../lib/lazy-component.tsx'
import type { ImagesField } from './ImagesField.tsx'

// The images field (antd's Upload with its progress bars, and the thumbnails' preview) loads apart from
// the new question form; the form preloads it once drawn (bench/README.md, issue 20).
export const ImagesFieldPart = lazyComponent(
  () => import('./ImagesField.tsx'),
  (m) => m.ImagesField,
)

/** The images field, for a Form.Item: it takes the item's value and onChange like the field itself. */
export function LazyImagesField(props: ComponentProps<typeof ImagesField>) {
  return (
    <Suspense fallback={<Skeleton.Button active />}>
      <ImagesFieldPart.Component {...props} />
    </Suspense>
  )
}
