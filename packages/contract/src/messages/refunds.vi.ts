import type { refundsEn } from './refunds.ts'

// The Vietnamese texts of refunds.ts, in a module of their own so that each language's catalog chunk
// carries only its own language (bench/README.md, issue 20).

export const refundsVi: Record<keyof typeof refundsEn, string> = {
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
