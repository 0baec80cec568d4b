// The bench's baseline: a bare antd admin shell in one chunk, no code splitting.
// `npm run bench:web` builds it in the same run as the portal and compares the two.
import { Card, Col, DatePicker, Form, Input, Layout, Menu, Row, Select, Statistic, Table } from 'antd'
import { createRoot } from 'react-dom/client'

const rows = Array.from({ length: 20 }, (_, i) => ({ key: i, name: `Key ${i + 1}`, hits: (i + 1) * 1234 }))

function Shell() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={249} theme="light">
        <Menu items={['Dashboard', 'Keys', 'Billing', 'Support'].map((label) => ({ key: label, label }))} />
      </Layout.Sider>
      <Layout.Content style={{ padding: 24 }}>
        <h1>Dashboard</h1>
        <Row gutter={16}>
          {['Requests', 'Map loads', 'Balance'].map((title) => (
            <Col span={8} key={title}>
              <Card>
                <Statistic title={title} value={123456} />
              </Card>
            </Col>
          ))}
        </Row>
        <Form layout="inline" style={{ margin: '16px 0' }}>
          <Form.Item label="Search">
            <Input />
          </Form.Item>
          <Form.Item label="Range">
            <DatePicker.RangePicker />
          </Form.Item>
          <Form.Item label="Service">
            <Select style={{ width: 160 }} options={[{ value: 'geocode', label: 'Geocode' }]} />
          </Form.Item>
        </Form>
        <Table
          dataSource={rows}
          columns={[
            { dataIndex: 'name', title: 'Name' },
            { dataIndex: 'hits', title: 'Hits' },
          ]}
        />
      </Layout.Content>
    </Layout>
  )
}

const root = document.getElementById('root')
if (root) createRoot(root).render(<Shell />)
