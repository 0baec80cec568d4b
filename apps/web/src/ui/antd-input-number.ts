// antd's InputNumber alone, for LazyInputNumber.tsx to load apart.
export { InputNumber } from 'antd'
