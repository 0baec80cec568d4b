export * from './keys.ts'
export * from './system.ts'
export * from './users.ts'
