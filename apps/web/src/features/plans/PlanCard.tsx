import { formatCents, formatDate, formatMoney, type LimitDuration, type Plan, type PlanDashboard } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Card, Col, Empty, Flex, Progress, Row, Tag, Typography, theme } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { serverMessage } from '../../api/errors.ts'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { formatCount } from '../../ui/charts/chart-data.ts'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { topUpPath } from '../payments/top-up-path.ts'
import { moneyCents, shortfall } from './plan-money.ts'
import { usd, useLimitText, usePlanPrice, usePlanWords } from './plan-text.ts'
import { planDashboardQuery, useBuyPlan } from './plans.api.ts'
import { plansMessages } from './plans.i18n.ts'

// The purchase dialog (a modal with its descriptions) downloads when an offer is chosen, not with the
// dashboard (bench/README.md, issue 20).
const PurchaseDialog = lazy(async () => ({ default: (await import('./PurchaseDialog.tsx')).PurchaseDialog }))

/** Share of a window's limit at which the usage bar turns to the warning colour. */
const WARNING_SHARE = 0.8

/**
 * The dashboard's plan card (docs/requirements.md §12): the current plan, its limits
 * and what the current windows have used, and the plans the customer can move to.
 */
export function PlanCard() {
  const t = useT(plansMessages)
  const lang = useLang()
  const dashboard = useQuery(planDashboardQuery())
  const balance = dashboard.data?.balance
  return (
    <Card
      title={t('title')}
      data-testid="plan-card"
      extra={
        balance === undefined ? null : (
          <Typography.Text type="secondary">
            {t('balance', { amount: formatMoney(balance, 'USD', lang) })}
          </Typography.Text>
        )
      }
      style={{ height: '100%' }}
    >
      <QueryState query={dashboard}>
        {(data) => (
          <Row gutter={[24, 24]}>
            <Col xs={24} lg={10}>
              <CurrentPlan dashboard={data} />
            </Col>
            <Col xs={24} lg={14}>
              <Offers dashboard={data} />
            </Col>
          </Row>
        )}
      </QueryState>
    </Card>
  )
}

function CurrentPlan({ dashboard }: { dashboard: PlanDashboard }) {
  const t = useT(plansMessages)
  const price = usePlanPrice()
  const { plan } = dashboard
  const words = usePlanWords()(plan)
  return (
    <Flex vertical gap={16}>
      <div>
        <Flex align="center" gap={8} wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {dashboard.name_of_user_plan_id}
          </Typography.Title>
          {plan.is_default ? <Tag>{t('isDefault')}</Tag> : null}
        </Flex>
        <Typography.Text strong>{price(plan)}</Typography.Text>
        <RenewalLine dashboard={dashboard} />
        {words.description ? (
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }} lang={words.lang}>
            {words.description}
          </Typography.Paragraph>
        ) : null}
      </div>
      {dashboard.grace_until === null ? null : <GraceAlert dashboard={dashboard} graceUntil={dashboard.grace_until} />}
      <LimitUse title={t('requests')} use={dashboard.requests} testId="plan-requests" />
      <LimitUse title={t('loads')} use={dashboard.loads} testId="plan-loads" />
    </Flex>
  )
}

/**
 * How a paid plan renews (docs/pricing.md "Plans renew"): the next charge from the balance, or that
 * support set it without a charge. Nothing for a free plan, and nothing during a grace period, which
 * the warning below the heading explains.
 */
function RenewalLine({ dashboard }: { dashboard: PlanDashboard }) {
  const t = useT(plansMessages)
  const lang = useLang()
  const { plan } = dashboard
  if (moneyCents(plan.price) <= 0n || dashboard.grace_until !== null) return null
  const text =
    dashboard.renews_at !== null
      ? t('renewsOn', { date: formatDate(dashboard.renews_at, lang), price: formatMoney(plan.price, 'USD', lang) })
      : plan.is_default
        ? null
        : t('setBySupport')
  return text === null ? null : (
    <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }} data-testid="plan-renewal">
      {text}
    </Typography.Paragraph>
  )
}

/**
 * A renewal that failed for a short balance: the plan stays until `graceUntil`, then the account moves to
 * the default plan. A top-up of exactly the missing amount is one click away; once the balance covers the
 * price, the next run of the renewal job (hourly) charges it.
 */
function GraceAlert({ dashboard, graceUntil }: { dashboard: PlanDashboard; graceUntil: string }) {
  const t = useT(plansMessages)
  const lang = useLang()
  const missing = shortfall(dashboard.plan.price, dashboard.balance)
  return (
    <Alert
      type="warning"
      showIcon
      title={t('grace.title')}
      data-testid="plan-grace"
      description={
        missing === null ? (
          t('grace.covered')
        ) : (
          <Flex vertical gap={8} align="flex-start">
            <span>
              {t('grace.short', {
                missing: usd(missing, lang),
                price: formatMoney(dashboard.plan.price, 'USD', lang),
                date: formatDate(graceUntil, lang),
                defaultPlan: dashboard.default_plan_name,
              })}
            </span>
            <LinkButton type="primary" size="small" to={topUpPath(formatCents(missing))}>
              {t('topUp', { missing: usd(missing, lang) })}
            </LinkButton>
          </Flex>
        )
      }
    />
  )
}

type WindowUse = PlanDashboard['requests']

/** One limit: how much it allows per window, and a bar of what the current window has used. */
function LimitUse({ title, use, testId }: { title: string; use: WindowUse; testId: string }) {
  const t = useT(plansMessages)
  const lang = useLang()
  const { token } = theme.useToken()
  const limitText = useLimitText()
  const used = formatCount(use.used, lang)
  const share = use.limit === null ? 0 : use.used / use.limit
  const isReached = use.limit !== null && use.used >= use.limit
  return (
    <div data-testid={testId}>
      <Flex justify="space-between" gap={8} wrap>
        <Typography.Text>{title}</Typography.Text>
        <Typography.Text strong>{limitText(use.limit, use.duration)}</Typography.Text>
      </Flex>
      {use.limit === null ? null : (
        <Progress
          percent={Math.min(100, share * 100)}
          showInfo={false}
          status={isReached ? 'exception' : 'normal'}
          strokeColor={!isReached && share >= WARNING_SHARE ? token.colorWarning : undefined}
          aria-label={title}
          style={{ margin: '4px 0 0' }}
        />
      )}
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {use.limit === null
          ? t(`usedUnlimited.${use.duration}`, { used })
          : t(`used.${use.duration}`, { used, limit: formatCount(use.limit, lang) })}
      </Typography.Text>
      {isReached ? (
        <Typography.Paragraph type="danger" style={{ margin: 0, fontSize: token.fontSizeSM }}>
          {t('limitReached')}
        </Typography.Paragraph>
      ) : null}
    </div>
  )
}

/** The plans on sale besides the current one, each bought after a confirmation. */
function Offers({ dashboard }: { dashboard: PlanDashboard }) {
  const t = useT(plansMessages)
  const price = usePlanPrice()
  const wordsOf = usePlanWords()
  const { message } = App.useApp()
  const { token } = theme.useToken()
  const buy = useBuyPlan()
  const [failure, setFailure] = useState<string | null>(null)
  // The offer being confirmed; kept while the dialog closes so that its text does not vanish mid-animation.
  const [chosen, setChosen] = useState<Plan | null>(null)
  const [open, setOpen] = useState(false)
  const currentPrice = moneyCents(dashboard.plan.price)
  const isUpgradeTo = (offer: Plan) => moneyCents(offer.price) > currentPrice

  const onChoose = (offer: Plan) => {
    setChosen(offer)
    setOpen(true)
  }
  // The dialog stays open, its button spinning, until the server has answered; then it closes either way.
  const onBuy = (offer: Plan) =>
    buy
      .mutateAsync(offer.id)
      .then(({ message: text }) => {
        setFailure(null)
        message.success(text)
      })
      .catch((error: unknown) => {
        // The server's reason (e.g. that plans cannot be bought from the balance yet), shown as a
        // toast and kept beside the offers; a network failure was announced by the client already.
        const reason = serverMessage(error)
        if (reason) message.error(reason)
        setFailure(reason ?? t('buyFailed'))
      })
      .finally(() => setOpen(false))

  return (
    <Flex vertical gap={12}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('offers')}
      </Typography.Title>
      {dashboard.offers.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noOffers')} />
      ) : (
        <Row gutter={[12, 12]}>
          {dashboard.offers.map((offer) => {
            const isUpgrade = isUpgradeTo(offer)
            const words = wordsOf(offer)
            return (
              <Col key={offer.id} xs={24} sm={12}>
                <Card size="small" style={{ height: '100%' }} data-testid={`offer-${offer.id}`}>
                  <Flex vertical gap={4} style={{ height: '100%' }}>
                    <Typography.Text strong lang={words.lang}>
                      {words.name}
                    </Typography.Text>
                    <Typography.Text>{price(offer)}</Typography.Text>
                    <OfferLimit
                      title={t('requests')}
                      limit={offer.request_limit}
                      duration={offer.request_limit_duration}
                    />
                    <OfferLimit title={t('loads')} limit={offer.load_limit} duration={offer.load_limit_duration} />
                    {words.description ? (
                      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }} lang={words.lang}>
                        {words.description}
                      </Typography.Text>
                    ) : null}
                    <div style={{ flex: 1 }} />
                    <Button
                      type={isUpgrade ? 'primary' : 'default'}
                      loading={buy.isPending && buy.variables === offer.id}
                      onClick={() => onChoose(offer)}
                      style={{ alignSelf: 'flex-start', marginTop: 8 }}
                    >
                      {isUpgrade ? t('upgrade') : t('buy')}
                    </Button>
                  </Flex>
                </Card>
              </Col>
            )
          })}
        </Row>
      )}
      {dashboard.purchase_available ? null : (
        <Alert
          type="info"
          showIcon
          title={t('purchaseNote')}
          action={
            <LinkButton size="small" to={paths.supportRequests}>
              {t('contactSupport')}
            </LinkButton>
          }
        />
      )}
      {failure ? (
        <Alert
          type="error"
          showIcon
          title={failure}
          role="alert"
          closable={{ onClose: () => setFailure(null) }}
          data-testid="plan-buy-failure"
        />
      ) : null}
      {chosen === null ? null : (
        <Suspense fallback={null}>
          <PurchaseDialog
            offer={chosen}
            balance={dashboard.balance}
            isUpgrade={isUpgradeTo(chosen)}
            open={open}
            isBuying={buy.isPending}
            onBuy={() => void onBuy(chosen)}
            onClose={() => setOpen(false)}
            afterClose={() => setChosen(null)}
          />
        </Suspense>
      )}
    </Flex>
  )
}

function OfferLimit({ title, limit, duration }: { title: string; limit: number | null; duration: LimitDuration }) {
  const t = useT(plansMessages)
  const limitText = useLimitText()
  return (
    <Typography.Text type="secondary">{t('limitLine', { title, limit: limitText(limit, duration) })}</Typography.Text>
  )
}
