import { adminMessages } from '../../i18n/define.ts'

export const languageTabsMessages = adminMessages(
  'adminLanguageTabs',
  {
    languages: 'Languages',
    langs: { en: 'English', my: 'Burmese', vi: 'Vietnamese' },
    required: '{{language}} (required)',
    optional: '{{language}} (optional)',
    help: 'Customers reading in {{language}} get this version; leave it empty and they get the English one.',
  },
  {
    languages: 'Ngôn ngữ',
    langs: { en: 'Tiếng Anh', my: 'Tiếng Miến Điện', vi: 'Tiếng Việt' },
    required: '{{language}} (bắt buộc)',
    optional: '{{language}} (không bắt buộc)',
    help: 'Khách hàng đọc bằng {{language}} sẽ nhận bản này; để trống thì họ nhận bản tiếng Anh.',
  },
)
