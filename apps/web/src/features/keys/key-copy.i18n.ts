import { sharedMessages } from '../../i18n/define.ts'

// The copy button's words. Small and apart from the form's strings: the header's key history (in the
// signed-in frame) and the back office use it too, and should not download the whole key form's texts.
export const keyCopyMessages = sharedMessages(
  'keyCopy',
  {
    copy: 'Copy key',
    copyNamed: 'Copy the key “{{name}}”',
    copied: 'Copy success: the key is on your clipboard',
    failed: 'Copy failed: the key could not be copied',
  },
  {
    copy: 'ကီးကူးယူမည်',
    copyNamed: 'ကီး “{{name}}” ကို ကူးယူမည်',
    copied: 'ကူးယူခြင်း အောင်မြင်ပါသည်- ကီးကို ကလစ်ဘုတ်သို့ ကူးပြီးပါပြီ',
    failed: 'ကူးယူ၍ မရပါ- ကီးကို ကူးယူ၍ မရခဲ့ပါ',
  },
  {
    copy: 'Sao chép khóa',
    copyNamed: 'Sao chép khóa “{{name}}”',
    copied: 'Sao chép thành công: khóa đã ở trong bộ nhớ tạm',
    failed: 'Sao chép thất bại: không sao chép được khóa',
  },
)
