import { formatDateTime, type Point } from '@app/contract'
import { Button, Flex, Modal, Table, Typography } from 'antd'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { mapsMessages } from './maps.i18n.ts'
import './maps.css'

/**
 * The print-friendly view: the map as an image and the list of points. Only this part is printed
 * (maps.css); the dialog shows what will be printed.
 */
export function PrintView({
  name,
  image,
  points,
  layerName,
  onClose,
}: {
  name: string
  image: string | null
  points: Point[]
  layerName: (id: string) => string
  onClose: () => void
}) {
  const t = useT(mapsMessages)
  const lang = useLang()
  return (
    <Modal
      open
      title={t('print.title')}
      width={900}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={() => window.print()}>
          {t('print.printNow')}
        </Button>
      }
    >
      <div className="mp-print" data-testid="print-view">
        <Typography.Title level={2} style={{ fontSize: 20 }}>
          {name}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t('print.generated', { date: formatDateTime(new Date().toISOString(), lang) })}
        </Typography.Text>
        {image && (
          <img src={image} alt={name} style={{ width: '100%', margin: '12px 0', border: '1px solid #d9d9d9' }} />
        )}
        <Flex vertical gap={4}>
          <Typography.Text strong>{t('print.points', { count: points.length })}</Typography.Text>
          <Table<Point>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={points}
            columns={[
              { title: '#', key: 'n', width: 50, render: (_, __, index) => index + 1 },
              { title: t('point.name'), dataIndex: 'name' },
              { title: t('point.description'), dataIndex: 'description' },
              { title: t('point.latitude'), dataIndex: 'latitude', width: 110 },
              { title: t('point.longitude'), dataIndex: 'longitude', width: 110 },
              { title: t('point.layer'), key: 'layer', render: (_, p) => layerName(p.layer_id) },
            ]}
          />
        </Flex>
      </div>
    </Modal>
  )
}
