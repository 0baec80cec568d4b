import { Button, type ButtonProps } from 'antd'
import type { MouseEvent } from 'react'
import { useHref, useLinkClickHandler } from 'react-router'

/**
 * A link that looks like a button: a real `<a href>` (open in a new tab, copy the address) that moves
 * within the SPA on a plain click. Wrapping a `<button>` in a `<Link>` would nest two controls.
 */
export function LinkButton({
  to,
  replace,
  ...props
}: Omit<ButtonProps, 'href' | 'onClick'> & { to: string; replace?: boolean }) {
  const href = useHref(to)
  const onClick = useLinkClickHandler<HTMLElement>(to, { replace })
  return <Button {...props} href={href} onClick={(event: MouseEvent<HTMLElement>) => onClick(event)} />
}
