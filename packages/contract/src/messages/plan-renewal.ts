// Server messages and e-mails of the monthly plan renewal (issue 20, "Plans renew"; docs/pricing.md
// "Plans renew"), in English, spread into en.ts (translations: plan-renewal.vi.ts, plan-renewal.my.ts).

export const planRenewalEn = {
  'balance.planRenewal': 'Plan {{plan}}, {{from}} – {{to}}',
  'plans.boughtRenews': 'You are now on the {{plan}} plan. It renews on {{date}}: {{price}} from your balance.',
  'plans.mail.remindSubject': 'Your {{plan}} plan renews on {{date}}',
  'plans.mail.remindBody':
    'Your {{plan}} plan renews on {{date}}: {{price}} will be paid from your balance, which is {{balance}} now. Usage is billed separately, as always.',
  'plans.mail.remindShortBody':
    'Your {{plan}} plan renews on {{date}} for {{price}}, but your balance is {{balance}}: {{missing}} short. Top up before then to keep the plan and its limits.',
  'plans.mail.renewedSubject': 'Your {{plan}} plan was renewed',
  'plans.mail.renewedBody':
    '{{price}} was paid from your balance for the {{plan}} plan from {{from}} to {{to}}. Your balance is now {{balance}}. The next renewal is on {{to}}.',
  'plans.mail.failedSubject': 'We could not renew your {{plan}} plan',
  'plans.mail.failedBody':
    'Your {{plan}} plan costs {{price}} a month, and your balance ({{balance}}) is {{missing}} short. The plan and its limits stay until {{graceEnd}}; top up before then and it renews within the hour. After that date your account moves to the {{defaultPlan}} plan.',
  'plans.mail.lapsedSubject': 'Your account is now on the {{defaultPlan}} plan',
  'plans.mail.lapsedBody':
    'Your {{plan}} plan was not renewed by {{graceEnd}}, so your account moved to the {{defaultPlan}} plan and its limits. You can buy a plan again from your dashboard at any time.',
} as const
