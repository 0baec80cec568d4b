import { CAMPAIGNS_KEY } from '../../app/session.ts'
import { stored } from '../../lib/store.ts'

/**
 * The campaigns this browser dismissed (docs/requirements.md §16.3, cleared at logout by
 * `clearSession`). Ids only; an unreadable value counts as none dismissed.
 */
export const dismissedCampaigns = stored<string[]>(
  CAMPAIGNS_KEY,
  (raw) => {
    try {
      const value = raw ? (JSON.parse(raw) as unknown) : []
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
    } catch {
      return []
    }
  },
  (ids) => (ids.length > 0 ? JSON.stringify(ids) : null),
)

export function dismissCampaign(id: string) {
  const current = dismissedCampaigns.get()
  // Only the latest hundred are kept: campaigns end, and the list must not grow for ever.
  if (!current.includes(id)) dismissedCampaigns.set([...current, id].slice(-100))
}
