import { adminMessages } from '../i18n/define.ts'

// The back office's list frame (ListFrame.tsx): the column chooser.
export const listFrameMessages = adminMessages(
  'listFrame',
  {
    columns: 'Columns',
    columnsTitle: 'Columns shown',
    showAll: 'Show all',
    bulk: {
      region: 'Selected rows',
      selected: '{{count}} selected',
      clear: 'Clear selection',
      selectRow: 'Select {{name}}',
      selectPage: 'Select this page',
    },
  },
  {
    columns: 'Cột',
    columnsTitle: 'Các cột hiển thị',
    showAll: 'Hiện tất cả',
    bulk: {
      region: 'Các dòng đã chọn',
      selected: 'Đã chọn {{count}}',
      clear: 'Bỏ chọn',
      selectRow: 'Chọn {{name}}',
      selectPage: 'Chọn cả trang',
    },
  },
)
