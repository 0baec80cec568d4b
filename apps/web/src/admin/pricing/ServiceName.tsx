import { Flex, Typography } from 'antd'
import { useServiceName } from '../../ui/service-name.ts'

/** A service type as a person reads it ("Forward geocoding", in the reader's language) over the code the gateway uses. */
export function ServiceName({ type }: { type: string }) {
  const serviceName = useServiceName()
  return (
    <Flex vertical gap={0}>
      <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
        {serviceName(type)}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }} translate="no">
        {type}
      </Typography.Text>
    </Flex>
  )
}
