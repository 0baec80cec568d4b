import { ToolOutlined } from '@ant-design/icons'
import type { AppConfig } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { App, Badge, Card, Flex, Switch, Tabs, Typography } from 'antd'
import { useSearchParams } from 'react-router'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { BankSettingsTab, BankSettingsTabLabel } from '../payments/BankSettingsTab.tsx'
import { ComparisonTab } from '../pricing/ComparisonTab.tsx'
import { FreeCreditTab } from '../pricing/FreeCreditTab.tsx'
import { PrivateRatesTab } from '../pricing/PrivateRatesTab.tsx'
import { RatesTab } from '../pricing/RatesTab.tsx'
import { SellerCard } from './SellerCard.tsx'
import { PricingLinksCard, SupportContactCard } from './SupportContactCard.tsx'
import { freshAppConfigQuery, useSetMaintenance } from './settings.api.ts'
import { adminSettingsMessages } from './settings.i18n.ts'

const TABS = ['general', 'rates', 'private', 'free', 'comparison', 'bank'] as const
type Tab = (typeof TABS)[number]
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab)

/**
 * /administrator/settings: maintenance mode (docs/requirements.md §3.4) and the rate settings of §8 (common and
 * private rates with their ranges, free credit, billing numbers, the rival's prices). The tab is kept
 * in the URL (`?tab=`), so a reload or a shared link opens the same one.
 */
export function SettingsPage() {
  const t = useT(adminSettingsMessages)
  const [searchParams, setSearchParams] = useSearchParams()
  const raw = searchParams.get('tab')
  const tab: Tab = isTab(raw) ? raw : 'general'
  useDocumentTitle(t('title'))

  // Another tab's own parameters (the user, the price book) do not carry over.
  const onTab = (next: string) => setSearchParams(next === 'general' ? {} : { tab: next })

  return (
    <Tabs
      activeKey={tab}
      onChange={onTab}
      items={[
        { key: 'general', label: t('tabs.general'), children: <GeneralTab /> },
        { key: 'rates', label: t('tabs.rates'), children: <RatesTab /> },
        { key: 'private', label: t('tabs.private'), children: <PrivateRatesTab /> },
        { key: 'free', label: t('tabs.free'), children: <FreeCreditTab /> },
        { key: 'comparison', label: t('tabs.comparison'), children: <ComparisonTab /> },
        { key: 'bank', label: <BankSettingsTabLabel />, children: <BankSettingsTab /> },
      ]}
    />
  )
}

function GeneralTab() {
  const config = useQuery(freshAppConfigQuery())
  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }}>
      <QueryState query={config}>{(data) => <MaintenanceCard config={data} />}</QueryState>
      <SupportContactCard />
      <SellerCard />
      <PricingLinksCard />
    </Flex>
  )
}

function MaintenanceCard({ config }: { config: AppConfig }) {
  const t = useT(adminSettingsMessages)
  const common = useT(commonMessages)
  const { modal, message } = App.useApp()
  const setMaintenance = useSetMaintenance()
  const isOn = config.maintenance

  // Switching is confirmed first: turning it on locks every customer out.
  const onToggle = (enabled: boolean) => {
    modal.confirm({
      title: enabled ? t('maintenance.confirmOnTitle') : t('maintenance.confirmOffTitle'),
      content: enabled ? t('maintenance.confirmOnText') : t('maintenance.confirmOffText'),
      okText: enabled ? t('maintenance.turnOn') : t('maintenance.turnOff'),
      okButtonProps: { danger: enabled },
      cancelText: common('actions.cancel'),
      // A failure was already announced by the query layer; the dialog just closes.
      onOk: () =>
        setMaintenance
          .mutateAsync(enabled)
          .then(({ message: text }) => {
            message.success(text)
          })
          .catch(() => undefined),
    })
  }

  return (
    <Card
      title={
        <Flex align="center" gap={8}>
          <ToolOutlined />
          {t('maintenance.title')}
        </Flex>
      }
      extra={
        <Switch
          aria-label={t('maintenance.switchLabel')}
          checked={isOn}
          loading={setMaintenance.isPending}
          onChange={onToggle}
        />
      }
    >
      <Flex vertical gap={12} align="flex-start">
        <Badge
          status={isOn ? 'error' : 'success'}
          text={isOn ? t('maintenance.stateOn') : t('maintenance.stateOff')}
          style={{ fontWeight: 500 }}
        />
        <Typography.Paragraph style={{ margin: 0 }}>{t('maintenance.description')}</Typography.Paragraph>
      </Flex>
    </Card>
  )
}
