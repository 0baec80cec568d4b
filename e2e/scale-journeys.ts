// The journeys `npm run test:scale` runs through nginx and two instances on PostgreSQL: one per
// capability (docs/scale-out.md). When .ci/run runs that step, its journeys phase on one embedded
// instance leaves these out (E2E_SKIP_SCALE_JOURNEYS=1), so that each journey runs once in CI;
// `npm test` on its own runs every journey.
export const SCALE_JOURNEYS = [
  'account',
  'accounts',
  'keys',
  'usage',
  'billing',
  'payments',
  'coupons',
  'support',
  'notifications',
  'email-change',
] as const
