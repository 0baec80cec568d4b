import { SearchOutlined } from '@ant-design/icons'
import * as contract from '@app/contract'
import { ADMIN_ONLY, formatMoney, hasAnyRole, SEARCH_MAX, SEARCH_MIN } from '@app/contract'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { AutoComplete, Flex, Typography } from 'antd'
import { type ReactNode, useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { call } from '../../api/client.ts'
import { paths } from '../../app/paths.ts'
import { useSession } from '../../app/session.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { TextInput } from '../../ui/inputs.ts'
import { Verbatim } from '../../ui/Verbatim.tsx'
import { adminShellMessages } from './admin-shell.i18n.ts'

const DEBOUNCE_MS = 250

const customerTab = (userId: string, tab?: string) =>
  `${paths.admin.editUser}?user_id=${encodeURIComponent(userId)}${tab ? `&tab=${tab}` : ''}`

/** The text once typing has paused, so a search is asked for what was meant, not every keystroke. */
function useSettled(text: string): string {
  const [settled, setSettled] = useState(text)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text])
  return settled
}

/**
 * The back office's search from its header (issue 21): customers by e-mail, name or phone, and for
 * administrators bills by code and keys by their preview. Choosing a result opens it: the customer's
 * page (its bills or keys tab for a bill or a key). Keyboard: type, arrows, Enter.
 */
export function HeaderSearch({ narrow }: { narrow: boolean }) {
  const t = useT(adminShellMessages)
  const lang = useLang()
  const navigate = useNavigate()
  const session = useSession()
  const isAdmin = hasAnyRole(session?.roles ?? [], ADMIN_ONLY)
  const [text, setText] = useState('')
  const q = useSettled(text.trim())
  const enabled = q.length >= SEARCH_MIN
  const found = useQuery({
    queryKey: ['search', q],
    queryFn: async () => (await call(contract.globalSearch, { query: { q } })).data,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  })

  const data = enabled ? found.data : undefined
  const group = (label: string, options: { value: string; label: ReactNode }[]) =>
    options.length ? [{ label: <Typography.Text type="secondary">{label}</Typography.Text>, options }] : []
  const options = data
    ? [
        ...group(
          t('search.accounts'),
          data.accounts.map((a) => ({
            value: customerTab(a.id),
            label: (
              <Flex vertical>
                <Verbatim>{a.name || a.email}</Verbatim>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[a.email, a.phone_number, a.status === 'suspended' ? t('search.suspended') : null]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography.Text>
              </Flex>
            ),
          })),
        ),
        ...group(
          t('search.bills'),
          data.bills.map((b) => ({
            value: customerTab(b.user_id, 'bills'),
            label: (
              <Flex vertical>
                <span>{b.code}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {`${b.user_email} · ${formatMoney(b.total, 'USD', lang)} · ${b.paid ? t('search.paid') : t('search.unpaid')}`}
                </Typography.Text>
              </Flex>
            ),
          })),
        ),
        ...group(
          t('search.keys'),
          data.keys.map((k) => ({
            value: customerTab(k.user_id, 'keys'),
            label: (
              <Flex vertical>
                <Verbatim>{k.name}</Verbatim>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {`${k.key_preview} · ${k.user_email}`}
                </Typography.Text>
              </Flex>
            ),
          })),
        ),
      ]
    : []
  const empty =
    text.trim().length > 0 && text.trim().length < SEARCH_MIN
      ? t('search.tooShort', { min: SEARCH_MIN })
      : found.isError
        ? t('search.failed')
        : data && options.length === 0
          ? t('search.nothing', { q })
          : null

  // The header sets a 64 px line height; the box keeps its own.
  return (
    <div style={{ lineHeight: 'normal' }}>
      <AutoComplete
        value={text}
        options={options}
        onChange={setText}
        onSelect={(path: string) => {
          setText('')
          navigate(path)
        }}
        notFoundContent={empty}
        popupMatchSelectWidth={narrow ? 300 : 380}
        style={{ width: narrow ? 150 : 320 }}
      >
        <TextInput
          allowClear
          maxLength={SEARCH_MAX}
          prefix={<SearchOutlined aria-hidden />}
          placeholder={isAdmin ? t('search.placeholder') : t('search.supportPlaceholder')}
          aria-label={t('search.label')}
        />
      </AutoComplete>
    </div>
  )
}
