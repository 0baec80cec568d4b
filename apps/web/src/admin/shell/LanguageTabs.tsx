import { TRANSLATION_LANGS, type TranslationLang } from '@app/contract'
import { Tabs, Typography } from 'antd'
import { type ReactNode, useState } from 'react'
import { useT } from '../../i18n/define.ts'
import { languageTabsMessages } from './language-tabs.i18n.ts'

export type { TranslationLang }

/**
 * The languages written in a form, as the call sends them: `toBody` turns a language's fields into
 * its body, or null for a language left empty (not sent: its readers get English).
 */
export function writtenTranslations<W, B>(
  translations: Partial<Record<TranslationLang, W>> | undefined,
  toBody: (words: W, lang: TranslationLang) => B | null,
): Partial<Record<TranslationLang, B>> {
  const written: Partial<Record<TranslationLang, B>> = {}
  for (const lang of TRANSLATION_LANGS) {
    const words = translations?.[lang]
    const body = words === undefined ? null : toBody(words, lang)
    if (body !== null) written[lang] = body
  }
  return written
}

/**
 * The tab in view of a form with `LanguageTabs`: pass `tabs` to the tabs and `onFinishFailed` to the
 * form, so that a refused save shows the tab of the first field it names (`englishFields` are on
 * the English tab).
 */
export function useLanguageTab(englishFields: readonly string[]) {
  const [active, setActive] = useState('en')
  return {
    tabs: { active, onChange: setActive },
    onFinishFailed: ({ errorFields }: { errorFields: { name: (string | number)[] }[] }) =>
      setActive((now) => tabOfField(errorFields[0]?.name, englishFields) ?? now),
  }
}

/**
 * The tab a refused save should show: the language of the first field it names (`translations.my…`),
 * or English for one of `englishFields`; undefined for a field outside the tabs.
 */
function tabOfField(name: (string | number)[] | undefined, englishFields: readonly string[]) {
  const [first, lang] = name ?? []
  if (first === 'translations' && (TRANSLATION_LANGS as readonly unknown[]).includes(lang)) return lang as string
  if (typeof first === 'string' && englishFields.includes(first)) return 'en'
  return undefined
}

/**
 * Staff-written content in English (required) and, optionally, Burmese and Vietnamese: a tab each,
 * all kept rendered so a message on a hidden tab's field stays and its value is sent. Customers
 * read their language's version, or the English one when it is left empty.
 */
export function LanguageTabs({
  active,
  onChange,
  english,
  translation,
}: {
  active: string
  onChange: (tab: string) => void
  english: ReactNode
  translation: (lang: TranslationLang) => ReactNode
}) {
  const t = useT(languageTabsMessages)
  return (
    <>
      <Typography.Text strong>{t('languages')}</Typography.Text>
      <Tabs
        activeKey={active}
        onChange={onChange}
        destroyOnHidden={false}
        items={[
          { key: 'en', label: t('required', { language: t('langs.en') }), forceRender: true, children: english },
          ...TRANSLATION_LANGS.map((lang) => ({
            key: lang,
            label: t('optional', { language: t(`langs.${lang}`) }),
            forceRender: true,
            children: (
              <>
                <Typography.Paragraph type="secondary">
                  {t('help', { language: t(`langs.${lang}`) })}
                </Typography.Paragraph>
                {translation(lang)}
              </>
            ),
          })),
        ]}
      />
    </>
  )
}

/** A language's name in the reader's language, for messages about its fields. */
export function useLanguageName() {
  const t = useT(languageTabsMessages)
  return (lang: TranslationLang) => t(`langs.${lang}`)
}
