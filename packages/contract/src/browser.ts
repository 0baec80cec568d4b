// What the browser may import at run time: rules, texts, limits and helpers, with no zod and no
// endpoint schemas. The web build maps `@app/contract` to this module plus plain descriptors of every
// endpoint (apps/web/contract-plugin.ts); types still come from the whole contract.

export * from './campaign-rules.ts'
export * from './codes.ts'
export * from './email-change-rules.ts'
export * from './endpoint.ts'
export * from './fields.ts'
export * from './format.ts'
export * from './limits.ts'
export * from './map-rules.ts'
export * from './messages/index.ts'
export * from './payment-rules.ts'
export * from './phone.ts'
export * from './pricing.ts'
export * from './problem.ts'
export * from './restrictions.ts'
export * from './roles.ts'
export * from './services.ts'
export * from './settings-rules.ts'
export * from './sign-in-rules.ts'
export * from './support-rules.ts'
export * from './usage.ts'
