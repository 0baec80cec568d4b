import { afterEach, describe, expect, it } from 'vitest'
import type { StoredSession } from './session.ts'
import { endedByLogout, sessionStore, signOutHere } from './session.ts'

const session = { user_id: 'usr_01jdmai0000000000000000000', token: 'token' } as StoredSession

afterEach(() => localStorage.clear())

describe('the session ended by this tab’s own logout', () => {
  it('is remembered after logout here, and not after the session ends elsewhere', () => {
    sessionStore.set(session)
    signOutHere()
    expect(sessionStore.get()).toBeNull()
    expect(endedByLogout()).toBe(true)

    // Signed in again (here or in another tab), then ended by the server: not this tab's logout.
    sessionStore.set(session)
    expect(endedByLogout()).toBe(false)
    sessionStore.clear()
    expect(endedByLogout()).toBe(false)
  })

  it('follows a sign-in made in another tab', () => {
    sessionStore.set(session)
    signOutHere()
    localStorage.setItem('user', JSON.stringify(session))
    window.dispatchEvent(new StorageEvent('storage', { key: 'user' }))
    expect(endedByLogout()).toBe(false)
  })
})
