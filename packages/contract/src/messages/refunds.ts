// Server messages of refunds, chargebacks and declined PayPal cards (issue 16, refunds;
// docs/payments.md "Refunds"), spread into en.ts, vi.ts and my.ts.

export const refundsEn = {
  'payments.refund.done': 'The refund was made: {{amount}} {{currency}} went back to the customer',
  'payments.refund.sent': 'The refund was sent; the provider has not confirmed it yet',
  'payments.refund.amountInvalid':
    'Enter the amount to refund in the payment’s currency: VND in whole đồng, USD with up to 2 decimals',
  'payments.refund.amountNotPositive': 'The amount to refund must be above 0',
  'payments.refund.tooLarge': 'At most {{refundable}} {{currency}} of this payment can still be refunded',
  'payments.refund.reasonRequired': 'Say why the payment is refunded',
  'payments.refund.notRefundable':
    'Only a succeeded top-up paid by VNPay or PayPal can be refunded (a bill payment or a bank transfer cannot)',
  'payments.refund.inProgress': 'A refund of this payment is already in progress; wait for its result',
  'payments.refund.refused': 'The provider refused the refund ({{code}})',
  'payments.refundDescription': 'Refund of payment {{reference}}',
  'payments.reversalDescription': 'Chargeback of payment {{reference}}',
  'payments.instrumentDeclined':
    'Your card or funding source was declined. Nothing was charged: choose another card or funding source at PayPal',
  'payments.alert.balanceOwed':
    'a refund or chargeback took back more than the balance held: the account owes {{owed}} USD and the gateway refuses its keys (check-balance is on)',
  'payments.alert.refundExceeds':
    'the provider refunded {{reported}} {{currency}}, more than the {{remaining}} {{currency}} left of this payment',
  'payments.alert.refundUnanswered':
    'a refund was sent to the provider but no answer came back; check it at the provider before refunding again',
  // A refund in flight settled by VNPay's querydr (the back office's "Check with VNPay", reconciliation).
  'payments.refund.checkCompleted':
    'VNPay confirms the refund: {{amount}} {{currency}} went back to the customer and was taken from the balance',
  'payments.refund.checkFailed':
    'VNPay has not made this refund ({{code}}): nothing was taken, and the payment can be refunded again',
  'payments.refund.checkWaiting':
    'VNPay has not settled this refund yet; it stays in flight. Check again in a few minutes',
  'payments.refund.noneInFlight': 'This payment has no VNPay refund waiting for an answer',
} as const

type Keys = keyof typeof refundsEn

export const refundsVi: Record<Keys, string> = {
  'payments.refund.done': 'Đã hoàn tiền: {{amount}} {{currency}} đã được trả lại cho khách hàng',
  'payments.refund.sent': 'Đã gửi yêu cầu hoàn tiền; cổng thanh toán chưa xác nhận',
  'payments.refund.amountInvalid':
    'Nhập số tiền hoàn theo đơn vị tiền của thanh toán: VND là số nguyên, USD tối đa 2 chữ số thập phân',
  'payments.refund.amountNotPositive': 'Số tiền hoàn phải lớn hơn 0',
  'payments.refund.tooLarge': 'Thanh toán này chỉ còn có thể hoàn tối đa {{refundable}} {{currency}}',
  'payments.refund.reasonRequired': 'Hãy nêu lý do hoàn tiền',
  'payments.refund.notRefundable':
    'Chỉ có thể hoàn tiền một lần nạp tiền thành công qua VNPay hoặc PayPal (không áp dụng cho thanh toán hóa đơn hay chuyển khoản)',
  'payments.refund.inProgress': 'Đang có một yêu cầu hoàn tiền cho thanh toán này; hãy chờ kết quả',
  'payments.refund.refused': 'Cổng thanh toán từ chối hoàn tiền ({{code}})',
  'payments.refundDescription': 'Hoàn tiền thanh toán {{reference}}',
  'payments.reversalDescription': 'Bồi hoàn (chargeback) thanh toán {{reference}}',
  'payments.instrumentDeclined':
    'Thẻ hoặc nguồn tiền của bạn bị từ chối. Chưa có khoản nào bị trừ: hãy chọn thẻ hoặc nguồn tiền khác trên PayPal',
  'payments.alert.balanceOwed':
    'một khoản hoàn tiền hoặc bồi hoàn lấy lại nhiều hơn số dư: tài khoản nợ {{owed}} USD và cổng API từ chối các khóa (đã bật kiểm tra số dư)',
  'payments.alert.refundExceeds':
    'cổng thanh toán đã hoàn {{reported}} {{currency}}, nhiều hơn {{remaining}} {{currency}} còn lại của thanh toán này',
  'payments.alert.refundUnanswered':
    'đã gửi yêu cầu hoàn tiền nhưng cổng thanh toán không trả lời; hãy kiểm tra tại cổng thanh toán trước khi hoàn lại lần nữa',
  // A refund in flight settled by VNPay's querydr (the back office's "Check with VNPay", reconciliation).
  'payments.refund.checkCompleted':
    'VNPay xác nhận đã hoàn tiền: {{amount}} {{currency}} đã được trả lại cho khách hàng và đã trừ khỏi số dư',
  'payments.refund.checkFailed':
    'VNPay chưa thực hiện yêu cầu hoàn tiền này ({{code}}): không trừ khoản nào, có thể hoàn tiền thanh toán này lại',
  'payments.refund.checkWaiting':
    'VNPay chưa xử lý xong yêu cầu hoàn tiền này; yêu cầu vẫn đang chờ. Hãy kiểm tra lại sau vài phút',
  'payments.refund.noneInFlight': 'Thanh toán này không có yêu cầu hoàn tiền VNPay nào đang chờ trả lời',
}

export const refundsMy: Record<Keys, string> = {
  'payments.refund.done': 'ငွေပြန်အမ်းပြီးပါပြီ: {{amount}} {{currency}} ကို ဖောက်သည်ထံ ပြန်ပေးခဲ့သည်',
  'payments.refund.sent': 'ငွေပြန်အမ်းရန် ပို့ပြီးပါပြီ၊ ဝန်ဆောင်မှုပေးသူက မအတည်ပြုရသေးပါ',
  'payments.refund.amountInvalid': 'ပြန်အမ်းမည့် ပမာဏကို ငွေပေးချေမှု၏ ငွေကြေးဖြင့် ထည့်ပါ: VND ကိန်းပြည့်၊ USD ဒသမ ၂ နေရာအထိ',
  'payments.refund.amountNotPositive': 'ပြန်အမ်းမည့် ပမာဏသည် 0 ထက် ကြီးရမည်',
  'payments.refund.tooLarge': 'ဤငွေပေးချေမှုမှ {{refundable}} {{currency}} အထိသာ ပြန်အမ်းနိုင်ပါသေးသည်',
  'payments.refund.reasonRequired': 'ငွေပြန်အမ်းရသည့် အကြောင်းရင်းကို ဖော်ပြပါ',
  'payments.refund.notRefundable':
    'VNPay သို့မဟုတ် PayPal ဖြင့် အောင်မြင်ခဲ့သော ငွေဖြည့်မှုကိုသာ ပြန်အမ်းနိုင်သည် (ငွေတောင်းခံလွှာ ပေးချေမှု သို့မဟုတ် ဘဏ်ငွေလွှဲ မရပါ)',
  'payments.refund.inProgress': 'ဤငွေပေးချေမှုအတွက် ငွေပြန်အမ်းမှု လုပ်ဆောင်နေဆဲဖြစ်သည်၊ ရလဒ်ကို စောင့်ပါ',
  'payments.refund.refused': 'ဝန်ဆောင်မှုပေးသူက ငွေပြန်အမ်းမှုကို ငြင်းပယ်သည် ({{code}})',
  'payments.refundDescription': 'ငွေပေးချေမှု {{reference}} ၏ ပြန်အမ်းငွေ',
  'payments.reversalDescription': 'ငွေပေးချေမှု {{reference}} ၏ ငွေပြန်တောင်းခံမှု',
  'payments.instrumentDeclined': 'သင့်ကတ် သို့မဟုတ် ငွေရင်းမြစ်ကို ငြင်းပယ်ခံရသည်။ ငွေမဖြတ်ရသေးပါ: PayPal တွင် အခြားကတ် သို့မဟုတ် ငွေရင်းမြစ်ကို ရွေးပါ',
  'payments.alert.balanceOwed':
    'ငွေပြန်အမ်းမှု သို့မဟုတ် ငွေပြန်တောင်းခံမှုက လက်ကျန်ထက် ပိုယူသွားသည်: အကောင့်သည် {{owed}} USD ကြွေးတင်နေပြီး ဂိတ်ဝေးက ၎င်း၏ ကီးများကို ငြင်းပယ်သည် (check-balance ဖွင့်ထားသည်)',
  'payments.alert.refundExceeds':
    'ဝန်ဆောင်မှုပေးသူက {{reported}} {{currency}} ပြန်အမ်းခဲ့သည်၊ ဤငွေပေးချေမှုတွင် ကျန်သော {{remaining}} {{currency}} ထက် ပိုသည်',
  'payments.alert.refundUnanswered': 'ငွေပြန်အမ်းရန် ပို့ခဲ့သော်လည်း ဝန်ဆောင်မှုပေးသူ ထံမှ အဖြေမရပါ၊ ထပ်မံ မပြန်အမ်းမီ ဝန်ဆောင်မှုပေးသူထံတွင် စစ်ဆေးပါ',
  // A refund in flight settled by VNPay's querydr (the back office's "Check with VNPay", reconciliation).
  'payments.refund.checkCompleted':
    'VNPay က ငွေပြန်အမ်းမှုကို အတည်ပြုသည်: {{amount}} {{currency}} ကို ဖောက်သည်ထံ ပြန်ပေးပြီး လက်ကျန်မှ နုတ်ယူခဲ့သည်',
  'payments.refund.checkFailed': 'VNPay သည် ဤငွေပြန်အမ်းမှုကို မပြုလုပ်ခဲ့ပါ ({{code}}): ဘာမှ မနုတ်ယူရပါ၊ ဤငွေပေးချေမှုကို ထပ်မံ ပြန်အမ်းနိုင်သည်',
  'payments.refund.checkWaiting': 'VNPay သည် ဤငွေပြန်အမ်းမှုကို မပြီးပြတ်သေးပါ၊ စောင့်ဆိုင်းနေဆဲဖြစ်သည်။ မိနစ်အနည်းငယ်အကြာတွင် ထပ်စစ်ပါ',
  'payments.refund.noneInFlight': 'ဤငွေပေးချေမှုတွင် အဖြေစောင့်နေသော VNPay ငွေပြန်အမ်းမှု မရှိပါ',
}
