import { formatCents, formatDate, formatMoney, nextRenewal, type Plan } from '@app/contract'
import { Button, Descriptions, Flex, Modal, Typography } from 'antd'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { topUpPath } from '../payments/top-up-path.ts'
import { moneyCents, shortfall } from './plan-money.ts'
import { usd, useLimitText, usePlanPrice, usePlanWords } from './plan-text.ts'
import { plansMessages } from './plans.i18n.ts'

/**
 * What buying `offer` does, before it is done: the price a month, the limits it buys, that usage is
 * billed apart, when it renews, and the balance now and after paying. When the balance is short, the
 * purchase is disabled and a top-up of exactly the missing amount is offered instead.
 */
export function PurchaseDialog({
  offer,
  balance,
  isUpgrade,
  open,
  isBuying,
  onBuy,
  onClose,
  afterClose,
}: {
  offer: Plan
  balance: string
  isUpgrade: boolean
  open: boolean
  isBuying: boolean
  onBuy: () => void
  onClose: () => void
  afterClose: () => void
}) {
  const t = useT(plansMessages)
  const common = useT(commonMessages)
  const lang = useLang()
  const price = usePlanPrice()
  const wordsOf = usePlanWords()
  const limitText = useLimitText()
  const priceCents = moneyCents(offer.price)
  const balanceCents = moneyCents(balance)
  const isPaid = priceCents > 0n
  const missing = isPaid ? shortfall(offer.price, balance) : null
  // Bought now, a paid plan renews a month from now (docs/pricing.md "Plans renew"), as the server sets it;
  // the default plan never renews from the balance.
  const renews = isPaid && !offer.is_default
  const now = new Date()
  const renewsOn = formatDate(nextRenewal(now, now), lang)
  const formattedPrice = formatMoney(offer.price, 'USD', lang)

  return (
    <Modal
      open={open}
      title={t('confirm.title', { plan: wordsOf(offer).name })}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
      footer={
        <Flex gap={8} justify="flex-end" wrap>
          <Button onClick={onClose}>{common('actions.cancel')}</Button>
          {missing === null ? null : (
            <LinkButton type="primary" to={topUpPath(formatCents(missing))}>
              {t('topUp', { missing: usd(missing, lang) })}
            </LinkButton>
          )}
          <Button
            type={missing === null ? 'primary' : 'default'}
            disabled={missing !== null}
            loading={isBuying}
            onClick={onBuy}
          >
            {isUpgrade ? t('upgrade') : t('buy')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={8} data-testid="plan-purchase">
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'price', label: t('confirm.price'), children: price(offer) },
            {
              key: 'requests',
              label: t('requests'),
              children: limitText(offer.request_limit, offer.request_limit_duration),
            },
            { key: 'loads', label: t('loads'), children: limitText(offer.load_limit, offer.load_limit_duration) },
            ...(isPaid ? [{ key: 'balance', label: t('confirm.balance'), children: usd(balanceCents, lang) }] : []),
            ...(isPaid && missing === null
              ? [{ key: 'after', label: t('confirm.balanceAfter'), children: usd(balanceCents - priceCents, lang) }]
              : []),
          ]}
        />
        <Typography.Paragraph style={{ margin: 0 }}>
          {isPaid ? t('confirm.paid', { price: formattedPrice }) : t('confirm.free')}
        </Typography.Paragraph>
        {renews ? (
          <Typography.Paragraph style={{ margin: 0 }}>{t('confirm.renews', { date: renewsOn })}</Typography.Paragraph>
        ) : null}
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('confirm.usage')}
        </Typography.Paragraph>
        {missing === null ? null : (
          <Typography.Text type="warning" data-testid="plan-purchase-short">
            {t('confirm.short', { missing: usd(missing, lang) })}
          </Typography.Text>
        )}
      </Flex>
    </Modal>
  )
}
