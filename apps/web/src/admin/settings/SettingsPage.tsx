import { ToolOutlined } from '@ant-design/icons'
import type { AppConfig } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { App, Badge, Card, Flex, Switch, Typography } from 'antd'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { appConfigQuery, useSetMaintenance } from './settings.api.ts'
import { adminSettingsMessages } from './settings.i18n.ts'

/** /administrator/settings: maintenance mode (DESIGN §3). Rate settings come with pricing. */
export function SettingsPage() {
  const t = useT(adminSettingsMessages)
  const config = useQuery(appConfigQuery())
  useDocumentTitle(t('title'))
  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }}>
      <QueryState query={config}>{(data) => <MaintenanceCard config={data} />}</QueryState>
      <Typography.Text type="secondary">{t('later')}</Typography.Text>
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
