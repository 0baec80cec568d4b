import { leftOut } from './left-out.ts'

// Stands in for antd's typography/Editable (a text area with its auto-sizing), which antd's Typography
// renders only while an `editable` text is being edited: the portal edits no text in place, and
// every Typography of the frame carried it.
export default function Editable(): never {
  throw leftOut('editable')
}
