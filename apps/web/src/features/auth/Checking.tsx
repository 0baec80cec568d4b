import { Flex, Spin } from 'antd'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { Muted } from './AuthText.tsx'

/** A link from an e-mail is being checked with the server; names the tab after the page meanwhile. */
export function Checking({ title, text }: { title: string; text: string }) {
  useDocumentTitle(title)
  return (
    <Flex vertical align="center" gap={16} style={{ padding: '32px 0' }} role="status">
      <Spin size="large" />
      <Muted>{text}</Muted>
    </Flex>
  )
}
