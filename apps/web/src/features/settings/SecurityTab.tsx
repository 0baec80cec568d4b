import { PasskeysSection } from './PasskeysSection.tsx'
import { SecurityForm } from './SecurityForm.tsx'
import { TwoFactorSection } from './TwoFactorSection.tsx'

/** The settings' security tab: the password, two-factor authentication and passkeys. */
export function SecurityTab() {
  return (
    <>
      <SecurityForm />
      <TwoFactorSection />
      <PasskeysSection />
    </>
  )
}
