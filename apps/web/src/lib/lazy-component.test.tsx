import { act, cleanup, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { lazyDialog } from '../ui/lazy-dialog.tsx'
import { lazyComponent, usePreloaded } from './lazy-component.tsx'

afterEach(cleanup)

/** A module whose download the test finishes by hand. */
function slowModule<M>(module: M) {
  let arrive = () => {}
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve
  })
  const load = vi.fn(async () => {
    await arrived
    return module
  })
  return { load, arrive: () => act(async () => arrive()) }
}

describe('a lazy part of a screen', () => {
  it('is fetched once the screen is drawn, before it is shown, without holding the screen back', async () => {
    const part = slowModule({ Reply: () => <p>the reply form</p> })
    const Reply = lazyComponent(part.load, (m) => m.Reply)
    // The part shows once the screen's data is here (`isLoaded`), as the ticket's reply form does.
    function Screen({ isLoaded }: { isLoaded: boolean }) {
      usePreloaded(Reply)
      return (
        <>
          <h1>The ticket</h1>
          {isLoaded ? (
            <Suspense fallback={<p>loading</p>}>
              <Reply.Component />
            </Suspense>
          ) : null}
        </>
      )
    }
    const { rerender } = render(<Screen isLoaded={false} />)
    expect(screen.getByRole('heading', { name: 'The ticket' })).toBeTruthy()
    // Asked for while the data is still on its way, not when the part is first drawn.
    expect(part.load).toHaveBeenCalledTimes(1)
    await part.arrive()
    rerender(<Screen isLoaded />)
    // Here already: drawn in the same commit, no loading state.
    expect(screen.getByText('the reply form')).toBeTruthy()
    expect(part.load).toHaveBeenCalledTimes(1)
  })
})

describe('a lazy dialog', () => {
  it('downloads nothing until it is opened, then stays mounted when it closes', async () => {
    const dialog = slowModule({ Dialog: ({ open }: { open: boolean }) => <p>{open ? 'open' : 'closed'}</p> })
    const Dialog = lazyDialog(
      async () => (await dialog.load()).Dialog,
      (props) => props.open,
    )
    const { rerender } = render(<Dialog open={false} />)
    expect(dialog.load).not.toHaveBeenCalled()
    expect(screen.queryByText('closed')).toBeNull()
    rerender(<Dialog open />)
    expect(dialog.load).toHaveBeenCalledTimes(1)
    await dialog.arrive()
    expect(await screen.findByText('open')).toBeTruthy()
    // Closed, it is still there: antd's dialog plays its closing animation and keeps its state.
    rerender(<Dialog open={false} />)
    expect(screen.getByText('closed')).toBeTruthy()
  })
})
