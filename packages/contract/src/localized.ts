import type { Lang } from './messages/index.ts'

/** The languages staff may write customer-facing content in besides English (issue 20). */
export type TranslationLang = Exclude<Lang, 'en'>

/** Those languages, in the order forms and answers list them. */
export const TRANSLATION_LANGS = ['my', 'vi'] as const satisfies readonly TranslationLang[]

/**
 * Staff-written words (an FAQ entry, a plan's name and description, an e-mail) in the reader's
 * language where staff wrote them, else the English ones, with the language they are in.
 */
export function inLanguage<W extends object, T extends W = W>(
  english: W,
  translations: Partial<Record<TranslationLang, T>> | undefined,
  lang: Lang,
): { words: W; lang: Lang } {
  const words: W | undefined = lang === 'en' ? undefined : translations?.[lang]
  return words ? { words, lang } : { words: english, lang: 'en' }
}
