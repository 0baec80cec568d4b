import { legendLabel } from '@app/contract'
import { Flex, Typography } from 'antd'

/** A service type as a person reads it ("Forward Geocode") over the code the gateway uses. */
export function ServiceName({ type }: { type: string }) {
  return (
    <Flex vertical gap={0}>
      <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
        {legendLabel(type, 60)}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {type}
      </Typography.Text>
    </Flex>
  )
}
