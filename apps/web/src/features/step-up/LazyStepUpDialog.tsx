import { lazyDialog } from '../../ui/lazy-dialog.tsx'

// The dialog (a form with its validation, an input, a modal: about 30 kB gzip) downloads when a proof
// is first asked for: the screens that may ask for one (a key's copy button on every list, the get
// started page, the security settings) rarely do.
export const LazyStepUpDialog = lazyDialog(
  async () => (await import('./StepUpDialog.tsx')).StepUpDialog,
  (props) => props.open,
)
