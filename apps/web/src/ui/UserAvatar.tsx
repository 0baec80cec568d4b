import { UserOutlined } from '@ant-design/icons'
import { absoluteUrl } from '@app/contract'
import { Avatar, theme } from 'antd'

/** The user's avatar from the account server, or their initial. */
export function UserAvatar({ src, name, size = 32 }: { src: string | null; name: string; size?: number }) {
  const { token } = theme.useToken()
  const url = absoluteUrl(src, window.location.origin)
  // antd's default grey behind a white initial reads at under 2:1; the darker brand blue keeps it legible.
  const style = url ? undefined : { backgroundColor: token.colorPrimaryActive, color: '#fff' }
  // The initial goes in as the icon: one letter always fits, and antd measures text children to scale
  // them, which forces a layout of the whole page as the frame first renders (bench/README.md "Phones").
  const initial = name.trim().charAt(0).toUpperCase()
  const icon = url ? undefined : initial ? <span>{initial}</span> : <UserOutlined />
  return <Avatar size={size} src={url ?? undefined} icon={icon} alt="" style={style} />
}
