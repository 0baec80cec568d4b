import {
  type Check,
  checkNoNul,
  checkPasswordConfirmation,
  EMAIL_MAX,
  type MessageKey,
  type Problem,
} from '@app/contract'
import type { FormInstance } from 'antd'
import type { Rule } from 'antd/es/form'
import { i18n } from '../i18n/i18n.ts'

// Form rules built from the contract's checks (packages/contract/src/fields.ts), so a field says in the
// browser exactly what the server would say about it, in the reader's language.

export function problemText(problem: Problem): string {
  return i18n.message(problem.key, problem.params)
}

function verdict(problem: Problem | null): Promise<void> {
  return problem ? Promise.reject(new Error(problemText(problem))) : Promise.resolve()
}

const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value))

/** A rule that runs a contract check on the field's value (a NUL character is refused first, as the server does). */
export function ruleFrom(check: Check<string>): Rule {
  return { validator: (_rule, value) => verdict(checkNoNul(text(value)) ?? check(text(value))) }
}

/**
 * Like `ruleFrom`, for one field of a group that is written wholly or not at all (an FAQ entry's words
 * in one language): while every field under `group` is empty there is nothing to judge; once one is
 * written, an empty one says `incomplete` and a written one is checked.
 */
export function wholeGroupRuleFrom(check: Check<string>, group: string[], incomplete: string): Rule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value) => {
      const values = Object.values((getFieldValue(group) ?? {}) as Record<string, unknown>)
      if (values.every((v) => !text(v).trim())) return Promise.resolve()
      if (!text(value).trim()) return Promise.reject(new Error(incomplete))
      return verdict(checkNoNul(text(value)) ?? check(text(value)))
    },
  })
}

/**
 * Like `optionalRuleFrom`, for a check whose code loads apart from the screen (`load`; the phone check
 * and its numbering plans, 49 kB gzip): the first judgement waits for it, so a screen should start the
 * load once it is drawn.
 */
export function lazyOptionalRuleFrom(load: () => Promise<Check<string>>): Rule {
  return {
    validator: async (_rule, value) => {
      if (checkNoNul(text(value))) return verdict(checkNoNul(text(value)))
      if (!text(value).trim()) return
      const check = await load()
      return verdict(check(text(value)))
    },
  }
}

/** Like `ruleFrom`, for a field that may stay empty: the check only judges what was typed. */
export function optionalRuleFrom(check: Check<string>): Rule {
  return {
    validator: (_rule, value) => verdict(checkNoNul(text(value)) ?? (text(value).trim() ? check(text(value)) : null)),
  }
}

/** For a number field that may stay empty (null): the check only judges a number that was typed. */
export function optionalNumberRuleFrom(check: Check<number>): Rule {
  return {
    validator: (_rule, value: number | string | null | undefined) =>
      verdict(value === null || value === undefined || value === '' ? null : check(Number(value))),
  }
}

/** The field must not be blank; `key` names the contract message to show. */
export function requiredRule(key: MessageKey): Rule {
  return { validator: (_rule, value) => verdict(text(value).trim() ? null : { key }) }
}

/** A password typed to sign in or to confirm who you are: only its presence is judged (spaces count). */
export const givenPasswordRule: Rule = {
  validator: (_rule, value) => verdict(text(value) ? null : { key: 'validation.password.required' }),
}

/**
 * An e-mail typed to find an existing account (sign-in, reset, resend): present and not over-long, as
 * the contract's `LoginEmail` wants. Its format is not judged, so older addresses keep working.
 */
export const givenEmailRules: Rule[] = [
  requiredRule('validation.email.required'),
  {
    validator: (_rule, value) =>
      verdict(
        text(value).trim().length > EMAIL_MAX ? { key: 'validation.email.tooLong', params: { max: EMAIL_MAX } } : null,
      ),
  },
]

/** The confirmation must repeat the field `passwordField` (put that name in the item's `dependencies`). */
export function confirmationRule(passwordField: string): Rule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value) => verdict(checkPasswordConfirmation(text(getFieldValue(passwordField)), text(value))),
  })
}

/**
 * Field messages from a failed call (`ApiError.fields`, keyed by field name) as antd field data. The
 * server sends translated text; a few handlers send a message key, which is translated here.
 */
export function serverFieldErrors(
  form: FormInstance,
  fields: Record<string, string>,
): { name: string | string[]; errors: string[] }[] {
  // Without arguments antd lists every registered field, filled or not, nested ones nested. A
  // nested field's message is keyed by its dotted path ("translations.my.title").
  const values = form.getFieldsValue() as Record<string, unknown>
  const has = (path: string[]) => {
    const parent = path
      .slice(0, -1)
      .reduce<unknown>(
        (value, part) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined),
        values,
      )
    return Boolean(parent && typeof parent === 'object' && (path.at(-1) as string) in parent)
  }
  return Object.entries(fields)
    .map(([name, message]) => ({ path: name.split('.'), message }))
    .filter(({ path }) => has(path))
    .map(({ path, message }) => ({
      name: path.length === 1 ? (path[0] as string) : path,
      errors: [i18n.isMessageKey(message) ? i18n.message(message) : message],
    }))
}
