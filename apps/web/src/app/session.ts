import type { Profile, Session } from '@app/contract'
import { stored, useStored } from '../lib/store.ts'

/**
 * The session (docs/requirements.md §2.10), kept locally under `user`: removing it (logout here or in another tab) signs
 * this tab out. The token rides along; everything else is refreshed from the profile call.
 */
export interface StoredSession {
  user_id: string
  token: string
  first_name: string
  last_name: string
  full_name: string
  email: string
  avatar: string | null
  roles: Profile['roles']
  name_of_user_plan_id: string | null
  balance: string
  enjoy_discount: boolean
  status: Profile['status']
  email_verified: boolean
  verify_deadline: string | null
  must_change_password: boolean
}

function parse(raw: string | null): StoredSession | null {
  if (!raw) return null
  try {
    const value = JSON.parse(raw) as StoredSession
    return typeof value?.token === 'string' && typeof value.user_id === 'string' ? value : null
  } catch {
    return null
  }
}

export const sessionStore = stored<StoredSession | null>('user', parse, (v) => (v ? JSON.stringify(v) : null))

/** The list of campaigns the user dismissed; cleared at logout (docs/requirements.md §2.10). */
export const CAMPAIGNS_KEY = 'campaigns'

export function sessionFrom(profile: Profile, token: string): StoredSession {
  return {
    user_id: profile.user_id,
    token,
    first_name: profile.first_name,
    last_name: profile.last_name,
    full_name: profile.full_name,
    email: profile.email,
    avatar: profile.avatar,
    roles: profile.roles,
    name_of_user_plan_id: profile.name_of_user_plan_id,
    balance: profile.balance,
    enjoy_discount: profile.enjoy_discount,
    status: profile.status,
    email_verified: profile.email_verified,
    verify_deadline: profile.verify_deadline,
    must_change_password: profile.must_change_password,
  }
}

export function signIn(session: Session) {
  sessionStore.set(sessionFrom(session, session.token))
}

/** Keeps the stored session in step with a freshly fetched profile. */
export function refreshSession(profile: Profile) {
  const current = sessionStore.get()
  if (current && current.user_id === profile.user_id) sessionStore.set(sessionFrom(profile, current.token))
}

/** Forgets the session and what belongs to it. */
export function clearSession() {
  try {
    localStorage.removeItem(CAMPAIGNS_KEY)
  } catch {}
  sessionStore.clear()
}

/**
 * Whether the session ended by this tab's own logout, rather than by another tab or by the server:
 * the guard then opens a plain /login, with no `next` back to the page the user chose to leave. Any
 * session that appears afterwards (signed in here or in another tab) starts the question afresh.
 */
let signedOutHere = false
sessionStore.subscribe(() => {
  if (sessionStore.get()) signedOutHere = false
})

export function signOutHere() {
  signedOutHere = true
  clearSession()
}

export function endedByLogout() {
  return signedOutHere
}

export function useSession() {
  return useStored(sessionStore)
}
