import { CreditCardOutlined } from '@ant-design/icons'
import type { SavedCard } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { App, Button, Card, Empty, Flex, Popconfirm, Typography } from 'antd'
import { serverMessage } from '../../api/errors.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { cardsQuery, useRemoveCard } from './payments.api.ts'
import { paymentsMessages } from './payments.i18n.ts'

const BRANDS: Record<SavedCard['brand'], string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  napas: 'NAPAS',
  other: '•',
}

/** The cards a gateway keeps for the customer (token and display data only), with removal. */
export function SavedCards() {
  const t = useT(paymentsMessages)
  const cards = useQuery(cardsQuery())
  return (
    <Card title={t('cards.title')} style={{ height: '100%' }} data-testid="saved-cards">
      <Typography.Paragraph type="secondary">{t('cards.intro')}</Typography.Paragraph>
      <QueryState query={cards}>
        {(data) =>
          data.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cards.empty')} />
          ) : (
            <Flex vertical gap={8} role="list">
              {data.map((card) => (
                <CardRow key={card.id} card={card} />
              ))}
            </Flex>
          )
        }
      </QueryState>
    </Card>
  )
}

function CardRow({ card }: { card: SavedCard }) {
  const t = useT(paymentsMessages)
  const common = useT(commonMessages)
  const { message } = App.useApp()
  const remove = useRemoveCard()
  return (
    <Flex role="listitem" justify="space-between" align="center" gap={8} wrap>
      <Flex gap={8} align="center" wrap>
        <CreditCardOutlined aria-hidden />
        <Typography.Text strong>
          {BRANDS[card.brand]} •••• {card.last4}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('cards.expires', { month: String(card.exp_month).padStart(2, '0'), year: card.exp_year })} ·{' '}
          {t('cards.via', { provider: card.provider === 'vnpay' ? 'VNPay' : 'PayPal' })}
        </Typography.Text>
      </Flex>
      <Popconfirm
        key="remove"
        title={t('cards.removeTitle', { last4: card.last4 })}
        okText={common('actions.confirm')}
        cancelText={common('actions.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={() =>
          remove
            .mutateAsync(card.id)
            .then(() => message.success(t('cards.removed')))
            .catch((error: unknown) => message.error(serverMessage(error) ?? t('cards.remove')))
        }
      >
        <Button size="small" danger loading={remove.isPending}>
          {t('cards.remove')}
        </Button>
      </Popconfirm>
    </Flex>
  )
}
