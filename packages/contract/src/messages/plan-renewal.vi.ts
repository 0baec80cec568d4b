import type { planRenewalEn } from './plan-renewal.ts'

// The Vietnamese texts of plan-renewal.ts, in a module of their own so that each language's catalog chunk
// carries only its own language (bench/README.md, issue 20).

export const planRenewalVi: Record<keyof typeof planRenewalEn, string> = {
  'balance.planRenewal': 'Gói {{plan}}, {{from}} – {{to}}',
  'plans.boughtRenews':
    'Bạn đã chuyển sang gói {{plan}}. Gói được gia hạn vào {{date}}: {{price}} được trừ từ số dư của bạn.',
  'plans.mail.remindSubject': 'Gói {{plan}} của bạn sẽ được gia hạn vào {{date}}',
  'plans.mail.remindBody':
    'Gói {{plan}} của bạn sẽ được gia hạn vào {{date}}: {{price}} sẽ được trừ từ số dư, hiện là {{balance}}. Phí sử dụng vẫn được tính riêng như thường lệ.',
  'plans.mail.remindShortBody':
    'Gói {{plan}} của bạn sẽ được gia hạn vào {{date}} với giá {{price}}, nhưng số dư của bạn là {{balance}}: còn thiếu {{missing}}. Hãy nạp tiền trước ngày đó để giữ gói và các giới hạn của gói.',
  'plans.mail.renewedSubject': 'Gói {{plan}} của bạn đã được gia hạn',
  'plans.mail.renewedBody':
    'Đã trừ {{price}} từ số dư cho gói {{plan}} từ {{from}} đến {{to}}. Số dư hiện tại của bạn là {{balance}}. Lần gia hạn tiếp theo vào {{to}}.',
  'plans.mail.failedSubject': 'Không thể gia hạn gói {{plan}} của bạn',
  'plans.mail.failedBody':
    'Gói {{plan}} có giá {{price}} mỗi tháng, và số dư của bạn ({{balance}}) còn thiếu {{missing}}. Gói và các giới hạn của gói được giữ đến {{graceEnd}}; nếu bạn nạp tiền trước ngày đó, gói sẽ được gia hạn trong vòng một giờ. Sau ngày đó, tài khoản của bạn chuyển sang gói {{defaultPlan}}.',
  'plans.mail.lapsedSubject': 'Tài khoản của bạn đã chuyển sang gói {{defaultPlan}}',
  'plans.mail.lapsedBody':
    'Gói {{plan}} không được gia hạn trước {{graceEnd}}, nên tài khoản của bạn đã chuyển sang gói {{defaultPlan}} với các giới hạn của gói này. Bạn có thể mua lại gói bất cứ lúc nào từ trang tổng quan.',
}
