import { Flex, Segmented, Typography } from 'antd'
import { useSearchParams } from 'react-router'
import { useT } from '../../i18n/define.ts'
import { adminPricingMessages } from './pricing.i18n.ts'
import { RateSettingsTable } from './RateSettingsTable.tsx'

type Book = 'current' | 'legacy'

/** Current (is_new) or legacy price book (docs/requirements.md §8.1: each user is billed by one of the two). */
export function BookSwitch({ isNew, onChange }: { isNew: boolean; onChange: (isNew: boolean) => void }) {
  const t = useT(adminPricingMessages)
  return (
    <Flex align="center" gap={8} wrap>
      <Typography.Text type="secondary">{t('book.label')}</Typography.Text>
      <Segmented<Book>
        aria-label={t('book.label')}
        value={isNew ? 'current' : 'legacy'}
        onChange={(value) => onChange(value === 'current')}
        options={[
          { value: 'current', label: t('book.current') },
          { value: 'legacy', label: t('book.legacy') },
        ]}
      />
    </Flex>
  )
}

/** The common rate settings, one per service and price book; the book shown is kept in the URL. */
export function RatesTab() {
  const t = useT(adminPricingMessages)
  const [searchParams, setSearchParams] = useSearchParams()
  const isNew = searchParams.get('book') !== 'legacy'

  const onBook = (next: boolean) =>
    setSearchParams((params) => {
      const copy = new URLSearchParams(params)
      if (next) copy.delete('book')
      else copy.set('book', 'legacy')
      return copy
    })

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <div style={{ maxWidth: 640 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('common.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('common.intro')}</Typography.Text>
        </div>
        <BookSwitch isNew={isNew} onChange={onBook} />
      </Flex>
      <RateSettingsTable isNew={isNew} owner={null} />
    </Flex>
  )
}
