import { leftOut } from './left-out.ts'

// Stands in for the Tabs antd's Card imports, which it renders only for a card with a tabList (other
// screens' Tabs are antd's own).
export default function CardTabs(): never {
  throw leftOut('cardTabs')
}
