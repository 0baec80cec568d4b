import { formatMoney, type Plan, type PlanDashboard, parseMoney } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Card, Col, Empty, Flex, Progress, Row, Tag, Typography, theme } from 'antd'
import { useState } from 'react'
import { serverMessage } from '../../api/errors.ts'
import { paths } from '../../app/paths.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { formatCount } from '../../ui/charts/chart-data.ts'
import { LinkButton } from '../../ui/LinkButton.tsx'
import { QueryState } from '../../ui/QueryState.tsx'
import { planDashboardQuery, useBuyPlan } from './plans.api.ts'
import { plansMessages } from './plans.i18n.ts'

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

function usePlanPrice() {
  const t = useT(plansMessages)
  const lang = useLang()
  return (plan: Plan) =>
    (parseMoney(plan.price) ?? 0n) > 0n ? t('perMonth', { price: formatMoney(plan.price, 'USD', lang) }) : t('noFee')
}

function CurrentPlan({ dashboard }: { dashboard: PlanDashboard }) {
  const t = useT(plansMessages)
  const price = usePlanPrice()
  const { plan } = dashboard
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
        {plan.description ? (
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            {plan.description}
          </Typography.Paragraph>
        ) : null}
      </div>
      <LimitUse title={t('requests')} use={dashboard.requests} testId="plan-requests" />
      <LimitUse title={t('loads')} use={dashboard.loads} testId="plan-loads" />
    </Flex>
  )
}

type WindowUse = PlanDashboard['requests']

/** One limit: how much it allows per window, and a bar of what the current window has used. */
function LimitUse({ title, use, testId }: { title: string; use: WindowUse; testId: string }) {
  const t = useT(plansMessages)
  const lang = useLang()
  const { token } = theme.useToken()
  const used = formatCount(use.used, lang)
  const share = use.limit === null ? 0 : use.used / use.limit
  const isReached = use.limit !== null && use.used >= use.limit
  return (
    <div data-testid={testId}>
      <Flex justify="space-between" gap={8} wrap>
        <Typography.Text>{title}</Typography.Text>
        <Typography.Text strong>
          {use.limit === null ? t('unlimited') : t(`limit.${use.duration}`, { count: formatCount(use.limit, lang) })}
        </Typography.Text>
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
  const common = useT(commonMessages)
  const lang = useLang()
  const price = usePlanPrice()
  const { message, modal } = App.useApp()
  const { token } = theme.useToken()
  const buy = useBuyPlan()
  const [failure, setFailure] = useState<string | null>(null)
  const currentPrice = parseMoney(dashboard.plan.price) ?? 0n

  const onBuy = (offer: Plan, isUpgrade: boolean) =>
    modal.confirm({
      title: t('confirm.title', { plan: offer.name }),
      content:
        (parseMoney(offer.price) ?? 0n) > 0n
          ? t('confirm.paid', {
              price: formatMoney(offer.price, 'USD', lang),
              balance: formatMoney(dashboard.balance, 'USD', lang),
            })
          : t('confirm.free'),
      okText: isUpgrade ? t('upgrade') : t('buy'),
      cancelText: common('actions.cancel'),
      // The dialog stays open, its button spinning, until the server has answered.
      onOk: () =>
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
          }),
    })

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
            const isUpgrade = (parseMoney(offer.price) ?? 0n) > currentPrice
            return (
              <Col key={offer.id} xs={24} sm={12}>
                <Card size="small" style={{ height: '100%' }} data-testid={`offer-${offer.id}`}>
                  <Flex vertical gap={4} style={{ height: '100%' }}>
                    <Typography.Text strong>{offer.name}</Typography.Text>
                    <Typography.Text>{price(offer)}</Typography.Text>
                    <OfferLimit
                      title={t('requests')}
                      limit={offer.request_limit}
                      duration={offer.request_limit_duration}
                    />
                    <OfferLimit title={t('loads')} limit={offer.load_limit} duration={offer.load_limit_duration} />
                    {offer.description ? (
                      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                        {offer.description}
                      </Typography.Text>
                    ) : null}
                    <div style={{ flex: 1 }} />
                    <Button
                      type={isUpgrade ? 'primary' : 'default'}
                      loading={buy.isPending && buy.variables === offer.id}
                      onClick={() => onBuy(offer, isUpgrade)}
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
    </Flex>
  )
}

function OfferLimit({
  title,
  limit,
  duration,
}: {
  title: string
  limit: number | null
  duration: Plan['request_limit_duration']
}) {
  const t = useT(plansMessages)
  const lang = useLang()
  return (
    <Typography.Text type="secondary">
      {t('limitLine', {
        title,
        limit: limit === null ? t('unlimited') : t(`limit.${duration}`, { count: formatCount(limit, lang) }),
      })}
    </Typography.Text>
  )
}
