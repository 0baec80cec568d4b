// The background jobs' names, shared by the server's runner and the Jobs page (zod-free: the browser
// imports this module). docs/jobs.md says what each does and when.

export const JOB_NAMES = [
  'billing-run',
  'bills-notify',
  'notifications-send',
  'mail-dispatch',
  'coupons-expire',
  'payments-reconcile',
  'campaigns-sweep-images',
  'throttles-sweep',
  'usage-fold',
  'usage-rollup',
  'key-caps',
  'plans-renew',
] as const
export type JobName = (typeof JOB_NAMES)[number]

export function isJobName(value: string): value is JobName {
  return (JOB_NAMES as readonly string[]).includes(value)
}

/** pg-boss's states of a run, and `dead`: failed with every retry used, kept in the dead-letter queue. */
export const JOB_RUN_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed', 'dead'] as const
