import { z } from 'zod'
import {
  checkEmail,
  checkFullName,
  checkMaxLength,
  checkNamePart,
  checkPassword,
  collapseSpaces,
  normalizeEmail,
} from './fields.ts'
import { EMAIL_MAX, JOB_TITLE_MAX, ORGANIZATION_MAX, PASSWORD_MAX } from './limits.ts'
import { checkPhone, normalizePhone } from './phone.ts'
import { refineWith } from './problem.ts'
import { ROLES } from './roles.ts'
import { checkNoNul } from './text-rules.ts'

export const RoleSchema = z.enum(ROLES)

// Zod schemas built from the checks of fields.ts. Transforms normalise after the check has passed.

export const Email = z.string().superRefine(refineWith(checkEmail)).transform(normalizeEmail)
/** An e-mail given to look up an account: normalised, but not judged (old addresses stay usable). */
export const LoginEmail = z
  .string()
  .min(1, { message: 'validation.email.required' })
  .max(EMAIL_MAX, { message: 'validation.email.tooLong' })
  .superRefine(refineWith(checkNoNul))
  .transform(normalizeEmail)
export const Password = z.string().superRefine(refineWith(checkPassword))
/** The password typed to sign in or confirm: only presence and a length cap are checked. */
export const GivenPassword = z
  .string()
  .min(1, { message: 'validation.password.required' })
  .max(PASSWORD_MAX * 4, { message: 'validation.password.tooLong' })
  .superRefine(refineWith(checkNoNul))
export const FullName = z.string().superRefine(refineWith(checkFullName)).transform(collapseSpaces)
export const NamePart = z.string().superRefine(refineWith(checkNamePart)).transform(collapseSpaces)
export const Phone = z
  .string()
  .superRefine(refineWith(checkPhone))
  .transform((value) => normalizePhone(value) ?? value)
export const Organization = z
  .string()
  .trim()
  .superRefine(refineWith(checkMaxLength(ORGANIZATION_MAX)))
export const JobTitle = z
  .string()
  .trim()
  .superRefine(refineWith(checkMaxLength(JOB_TITLE_MAX)))
