import type { InputNumber } from 'antd'
import { type ComponentProps, Suspense } from 'react'
import { lazyComponent } from '../lib/lazy-component.tsx'
import { TextInput } from './inputs.ts'

// antd's InputNumber (its stepper and decimal arithmetic, 6 kB gzip) for a form whose number field is
// far down it (the key form's request cap): it loads apart from the screen, which preloads it once drawn.
export const InputNumberPart = lazyComponent(
  () => import('./antd-input-number.ts'),
  (m) => m.InputNumber,
)

/** antd's InputNumber, loaded apart; for a Form.Item, it takes the item's value and onChange like the field. */
export function LazyInputNumber(props: ComponentProps<typeof InputNumber>) {
  return (
    <Suspense fallback={<TextInput disabled placeholder={String(props.placeholder ?? '')} style={props.style} />}>
      <InputNumberPart.Component {...props} />
    </Suspense>
  )
}
