// antd's Result alone, for LazyResult.tsx to load apart.
export { Result } from 'antd'
