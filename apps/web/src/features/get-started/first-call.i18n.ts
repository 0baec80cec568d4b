import { customerMessages } from '../../i18n/define.ts'

// The new key dialog's link to Get started: apart from the page's strings, so the keys screens that
// show the dialog do not download the whole page's texts.
export const firstCallMessages = customerMessages(
  'firstCall',
  { link: 'Make your first call' },
  { link: 'ပထမဆုံး ခေါ်ဆိုမှု ပြုလုပ်မည်' },
)
