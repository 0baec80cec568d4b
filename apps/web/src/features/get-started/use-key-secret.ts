import { useRef, useState } from 'react'
import { revealSecret } from '../keys/keys.api.ts'
import { needsStepUp, proveIdentity, type StepUpProof } from '../step-up/step-up.api.ts'

/**
 * The secrets of the keys the user chose to show in the examples, revealed the way the keys' copy
 * button reveals one (CopyKeyButton): `revealKey`, and when the server first wants a fresh proof of
 * identity (step-up, docs/auth.md), the step-up dialog, then the reveal again. Secrets stay in this
 * page's state only: never in the query cache, gone when the page closes.
 */
export function useKeySecret() {
  const [secrets, setSecrets] = useState<Readonly<Record<string, string>>>({})
  const [proving, setProving] = useState<string | null>(null)
  // The reveal waiting for the dialog: it gets the secret, null when the dialog is cancelled, or the failure.
  const waiting = useRef<{ resolve: (secret: string | null) => void; reject: (error: unknown) => void } | null>(null)

  const keep = (keyId: string, secret: string) => {
    setSecrets((known) => ({ ...known, [keyId]: secret }))
    return secret
  }

  const settle = (outcome: { secret: string | null } | { error: unknown }) => {
    const pending = waiting.current
    waiting.current = null
    setProving(null)
    if ('error' in outcome) pending?.reject(outcome.error)
    else pending?.resolve(outcome.secret)
  }

  /** The key's secret, revealed now if it was not yet; null when the user gave up on the proof. Rejects on a failure. */
  const reveal = async (keyId: string): Promise<string | null> => {
    const known = secrets[keyId]
    if (known) return known
    try {
      return keep(keyId, await revealSecret(keyId))
    } catch (error) {
      if (!needsStepUp(error)) throw error
    }
    waiting.current?.resolve(null)
    setProving(keyId)
    return new Promise((resolve, reject) => {
      waiting.current = { resolve, reject }
    })
  }

  /** The dialog's proof, then the reveal. A refusal of the proof (a wrong password) stays in the dialog. */
  const onProve = async (proof: StepUpProof) => {
    const keyId = proving
    if (!keyId) return
    await proveIdentity(proof)
    try {
      settle({ secret: keep(keyId, await revealSecret(keyId)) })
    } catch (error) {
      settle({ error })
    }
  }

  return {
    secretOf: (keyId: string | undefined) => (keyId ? (secrets[keyId] ?? null) : null),
    reveal,
    dialog: { open: proving !== null, onCancel: () => settle({ secret: null }), onProve },
  }
}
