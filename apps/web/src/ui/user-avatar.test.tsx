import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { UserAvatar } from './UserAvatar.tsx'

describe('UserAvatar', () => {
  // antd scales text children to fit, measuring them as the frame first renders, which forces a layout of
  // the whole page on a phone (bench/README.md "Phones"); one letter always fits, so it goes in as the icon.
  it('shows the initial without text antd would measure', () => {
    const { container } = render(<UserAvatar src={null} name=" phuong" />)
    const avatar = container.querySelector('.ant-avatar')
    expect(avatar?.textContent).toBe('P')
    expect(avatar?.classList.contains('ant-avatar-icon')).toBe(true)
    expect(container.querySelector('.ant-avatar-string')).toBeNull()
  })

  it('shows a person without a name, and the picture when there is one', () => {
    const nameless = render(<UserAvatar src={null} name="" />)
    expect(nameless.container.querySelector('.anticon-user')).not.toBeNull()
    const pictured = render(<UserAvatar src="/files/avatars/a.png" name="Phuong" />)
    expect(pictured.container.querySelector('img')?.getAttribute('src')).toBe(
      `${window.location.origin}/files/avatars/a.png`,
    )
    expect(pictured.container.querySelector('.ant-avatar')?.textContent).toBe('')
  })
})
