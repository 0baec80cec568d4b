import { UserOutlined } from '@ant-design/icons'
import { absoluteUrl } from '@app/contract'
import { Avatar, theme } from 'antd'

/** The user's avatar from the account server, or their initial. */
export function UserAvatar({ src, name, size = 32 }: { src: string | null; name: string; size?: number }) {
  const { token } = theme.useToken()
  const url = absoluteUrl(src, window.location.origin)
  // antd's default grey behind a white initial reads at under 2:1; the darker brand blue keeps it legible.
  const style = url ? undefined : { backgroundColor: token.colorPrimaryActive, color: '#fff' }
  return (
    <Avatar size={size} src={url ?? undefined} icon={url || name ? undefined : <UserOutlined />} alt="" style={style}>
      {url ? null : name.trim().charAt(0).toUpperCase()}
    </Avatar>
  )
}
