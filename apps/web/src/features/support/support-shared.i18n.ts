import { sharedMessages } from '../../i18n/define.ts'

// Strings of the parts the customer's and the staff's ticket screens share: the conversation, the
// image picker and the status. Both areas show them, so they come in all three languages.
export const supportSharedMessages = sharedMessages(
  'supportShared',
  {
    status: { open: 'Open', closed: 'Closed' },
    reply: {
      label: 'Reply',
      placeholder: 'Write a reply (at least {{min}} characters)',
      send: 'Send reply',
      failed: 'The reply could not be sent: {{reason}}',
      closed: 'Cannot reply when ticket is closed',
    },

    staff: 'Support',
    you: 'You',
    images: {
      add: 'Add image',
      hint: 'Up to {{max}} images (PNG, JPEG, WebP or GIF), 10 MB each',
      remove: 'Remove image',
      uploading: 'Uploading…',
      tooLarge: 'The image is over 10MB',
      full: 'At most {{max}} images',
    },
    reference: { key: 'Key', bill: 'Bill', map: 'Map', gone: '(no longer exists)' },
    imageAlt: 'Image {{n}} of the message',
  },
  {
    status: { open: 'ဖွင့်ထားသည်', closed: 'ပိတ်ထားသည်' },
    reply: {
      label: 'ပြန်စာ',
      placeholder: 'ပြန်စာ ရေးပါ (အနည်းဆုံး စာလုံး {{min}} လုံး)',
      send: 'ပြန်စာ ပို့မည်',
      failed: 'ပြန်စာကို မပို့နိုင်ပါ- {{reason}}',
      closed: 'ပိတ်ထားသော တောင်းဆိုချက်ကို ပြန်စာ မပို့နိုင်ပါ',
    },

    staff: 'အကူအညီ',
    you: 'သင်',
    images: {
      add: 'ပုံ ထည့်မည်',
      hint: 'ပုံ အများဆုံး {{max}} ပုံ (PNG, JPEG, WebP သို့မဟုတ် GIF)၊ တစ်ပုံလျှင် 10 MB',
      remove: 'ပုံ ဖယ်ရှားမည်',
      uploading: 'အပ်လုဒ်လုပ်နေသည်…',
      tooLarge: 'ပုံသည် 10MB ထက် ကြီးနေသည်',
      full: 'ပုံ အများဆုံး {{max}} ပုံ',
    },
    reference: { key: 'ကီး', bill: 'ငွေတောင်းခံလွှာ', map: 'မြေပုံ', gone: '(မရှိတော့ပါ)' },
    imageAlt: 'စာ၏ ပုံ {{n}}',
  },
  {
    status: { open: 'Đang mở', closed: 'Đã đóng' },
    reply: {
      label: 'Trả lời',
      placeholder: 'Viết trả lời (ít nhất {{min}} ký tự)',
      send: 'Gửi trả lời',
      failed: 'Không gửi được trả lời: {{reason}}',
      closed: 'Không thể trả lời khi yêu cầu đã đóng',
    },

    staff: 'Hỗ trợ',
    you: 'Bạn',
    images: {
      add: 'Thêm ảnh',
      hint: 'Tối đa {{max}} ảnh (PNG, JPEG, WebP hoặc GIF), mỗi ảnh 10 MB',
      remove: 'Xóa ảnh',
      uploading: 'Đang tải lên…',
      tooLarge: 'Ảnh vượt quá 10MB',
      full: 'Tối đa {{max}} ảnh',
    },
    reference: { key: 'Khóa', bill: 'Hóa đơn', map: 'Bản đồ', gone: '(không còn tồn tại)' },
    imageAlt: 'Ảnh {{n}} của tin nhắn',
  },
)
