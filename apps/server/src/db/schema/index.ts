export * from './keys.ts'
export * from './system.ts'
export * from './usage.ts'
export * from './users.ts'
