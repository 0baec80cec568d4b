import { leftOut } from './left-out.ts'

// Stands in for antd's table/RcTable/VirtualTable.js, which antd's Table renders only for <Table virtual>.
export default function VirtualTable(): never {
  throw leftOut('virtual')
}
