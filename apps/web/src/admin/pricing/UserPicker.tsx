import { SearchOutlined } from '@ant-design/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { AutoComplete, Button, Flex, Space, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { serverMessage } from '../../api/errors.ts'
import { useT } from '../../i18n/define.ts'
import { ownerSuggestionsQuery, priceBookQuery } from './pricing.api.ts'
import { adminPricingMessages } from './pricing.i18n.ts'

export interface PickedUser {
  id: string
  email: string
}

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

/**
 * Finds one account by e-mail. While staff type, the e-mails of key owners that match are offered;
 * the chosen (or typed) address is then looked up exactly, through the price-book call that names a
 * user by e-mail, which also answers whether the account exists.
 */
export function UserPicker({
  initialEmail = '',
  onPick,
  label,
}: {
  initialEmail?: string
  onPick: (user: PickedUser) => void
  label?: string
}) {
  const t = useT(adminPricingMessages)
  const queryClient = useQueryClient()
  const [text, setText] = useState(initialEmail)
  const keyword = useDebounced(text.trim(), 300)
  const suggestions = useQuery(ownerSuggestionsQuery(keyword))
  const [error, setError] = useState<string | null>(null)
  const [isFinding, setIsFinding] = useState(false)

  const find = async (value: string) => {
    const email = value.trim()
    if (!email) {
      setError(t('picker.required'))
      return
    }
    setIsFinding(true)
    setError(null)
    try {
      const book = await queryClient.fetchQuery(priceBookQuery(email))
      if (book.user) onPick(book.user)
      else setError(t('picker.notFound'))
    } catch (failure) {
      setError(serverMessage(failure) ?? t('picker.failed'))
    } finally {
      setIsFinding(false)
    }
  }

  const options = keyword.length >= 2 ? (suggestions.data ?? []).map((email) => ({ value: email })) : []

  return (
    <Flex vertical gap={4} style={{ width: '100%', maxWidth: 520 }}>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          void find(text)
        }}
      >
        <Space.Compact style={{ width: '100%' }}>
          <AutoComplete
            aria-label={label ?? t('picker.label')}
            value={text}
            options={options}
            onChange={(value: string) => {
              setText(value)
              setError(null)
            }}
            onSelect={(value: string) => {
              setText(value)
              void find(value)
            }}
            placeholder={t('picker.placeholder')}
            status={error ? 'error' : undefined}
            style={{ flex: 1 }}
          />
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={isFinding}>
            {t('picker.find')}
          </Button>
        </Space.Compact>
      </form>
      {error ? (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      ) : null}
    </Flex>
  )
}
