import { formatMoney, numberFormat, type PriceBook } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { App, Card, Empty, Flex, Segmented, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { serverMessage } from '../../api/errors.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { usePopupTierLabels } from './popup-tiers.ts'
import { priceBookQuery, useSetUserPriceBook } from './pricing.api.ts'
import { adminPricingMessages } from './pricing.i18n.ts'
import { RateSettingsTable } from './RateSettingsTable.tsx'
import { BookSwitch } from './RatesTab.tsx'
import { ServiceName } from './ServiceName.tsx'
import { type PickedUser, UserPicker } from './UserPicker.tsx'

type ServiceRow = PriceBook['services'][number]

/**
 * One user's prices (private settings, docs/requirements.md §8.1): the book they are billed by, what they pay per
 * service now (private where set, else common), and their private settings. The user is in the URL.
 */
export function PrivateRatesTab() {
  const t = useT(adminPricingMessages)
  const [searchParams, setSearchParams] = useSearchParams()
  const email = searchParams.get('email') ?? ''

  const onPick = (user: PickedUser) =>
    setSearchParams((params) => {
      const copy = new URLSearchParams(params)
      copy.set('email', user.email)
      return copy
    })

  return (
    <Flex vertical gap={16}>
      <div style={{ maxWidth: 640 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('private.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('private.intro')}</Typography.Text>
      </div>
      <UserPicker key={email} initialEmail={email} onPick={onPick} />
      {email ? <PricesOfUser email={email} /> : <Empty description={t('private.pick')} />}
    </Flex>
  )
}

function PricesOfUser({ email }: { email: string }) {
  const t = useT(adminPricingMessages)
  const book = useQuery(priceBookQuery(email))
  return (
    <QueryState query={book}>
      {(data) =>
        data.user ? (
          <UserPrices key={data.user.id} book={data} user={data.user} />
        ) : (
          <Empty description={t('picker.notFound')} />
        )
      }
    </QueryState>
  )
}

function UserPrices({ book, user }: { book: PriceBook; user: PickedUser }) {
  const t = useT(adminPricingMessages)
  const { message } = App.useApp()
  const setBook = useSetUserPriceBook()
  const [viewNew, setViewNew] = useState(book.is_new)
  const tiers = usePopupTierLabels()
  const lang = useLang()
  const count = numberFormat(lang)

  const onBilledBy = (isNew: boolean) =>
    setBook
      .mutateAsync({ userId: user.id, isNew })
      .then(({ message: text }) => {
        message.success(text || t('private.bookSaved'))
        setViewNew(isNew)
      })
      .catch((error: unknown) => {
        message.error(serverMessage(error) ?? t('private.bookFailed'))
      })

  const columns: ColumnsType<ServiceRow> = [
    { key: 'service', title: t('columns.type'), render: (_value, row) => <ServiceName type={row.service} /> },
    {
      key: 'source',
      title: t('private.source'),
      render: (_value, row) =>
        row.private ? <Tag color="blue">{t('private.sourcePrivate')}</Tag> : <Tag>{t('private.sourceCommon')}</Tag>,
    },
    { key: 'free', title: t('columns.free'), align: 'end', render: (_value, row) => count.format(row.free) },
    ...tiers.map((label, index) => ({
      key: `tier-${index}`,
      title: label,
      align: 'end' as const,
      render: (_value: unknown, row: ServiceRow) => {
        const price = row.popup[index]
        return price ? formatMoney(price, 'USD', lang) : '—'
      },
    })),
  ]

  return (
    <Flex vertical gap={16}>
      <Card
        title={
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Typography.Text>
        }
      >
        <Flex vertical gap={12}>
          <Flex align="center" gap={8} wrap>
            <Typography.Text>{t('private.billedBy')}</Typography.Text>
            <Segmented<'current' | 'legacy'>
              aria-label={t('private.billedBy')}
              value={book.is_new ? 'current' : 'legacy'}
              disabled={setBook.isPending}
              onChange={(value) => void onBilledBy(value === 'current')}
              options={[
                { value: 'current', label: t('book.current') },
                { value: 'legacy', label: t('book.legacy') },
              ]}
            />
          </Flex>
          <Typography.Text type="secondary">
            {book.enjoy_discount
              ? t('private.discountOn', { percent: book.discount_percent })
              : t('private.discountOff')}{' '}
            {t('private.freeMonth', { amount: formatMoney(book.free_month, 'USD', lang) })}
          </Typography.Text>
          <Typography.Text strong>{t('private.effective')}</Typography.Text>
          <Table<ServiceRow>
            rowKey="service"
            size="small"
            columns={columns}
            dataSource={book.services}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
        </Flex>
      </Card>
      <Card
        title={t('private.settingsTitle')}
        extra={<BookSwitch isNew={viewNew} onChange={setViewNew} />}
        styles={{ header: { flexWrap: 'wrap', gap: 8 } }}
      >
        <RateSettingsTable isNew={viewNew} owner={user} />
      </Card>
    </Flex>
  )
}
