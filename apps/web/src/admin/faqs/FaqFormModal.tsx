import {
  type Check,
  checkFaqText,
  checkFaqTitle,
  FAQ_IMAGES_MAX,
  FAQ_TITLE_MAX,
  type Faq,
  type FaqStatus,
} from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Button, Flex, Form, Modal, Select, Switch } from 'antd'
import type { Rule } from 'antd/es/form'
import { serverMessage } from '../../api/errors.ts'
import { useAppMutation } from '../../api/use-app-mutation.ts'
import { ImagesField } from '../../features/support/ImagesField.tsx'
import { useT } from '../../i18n/define.ts'
import { requiredRule, ruleFrom, wholeGroupRuleFrom } from '../../ui/form-rules.ts'
import { TextArea, TextInput } from '../../ui/inputs.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import {
  LanguageTabs,
  type TranslationLang,
  useLanguageName,
  useLanguageTab,
  writtenTranslations,
} from '../shell/LanguageTabs.tsx'
import { categoryChoicesQuery, saveFaqCall, uploadFaqImage } from './admin-faqs.api.ts'
import { adminFaqsMessages } from './admin-faqs.i18n.ts'

interface Words {
  title: string
  question: string
  answer: string
}

interface Values extends Words {
  category_id: string | null
  images: string[]
  published: boolean
  translations: Record<TranslationLang, Words>
}

const FIELDS = ['title', 'question', 'answer'] as const
const blank: Words = { title: '', question: '', answer: '' }
const isBlank = (words: Words | undefined) => FIELDS.every((field) => !words?.[field]?.trim())

/** Creates or edits an FAQ entry (docs/requirements.md §15.2): category, title, question, answer, images, status. */
export function FaqFormModal({ faq, open, onClose }: { faq: Faq | null; open: boolean; onClose: () => void }) {
  const t = useT(adminFaqsMessages)
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={faq ? t('form.editTitle') : t('form.createTitle')}
      footer={null}
      destroyOnHidden
      width={720}
    >
      {open ? <FaqForm faq={faq} onDone={onClose} /> : null}
    </Modal>
  )
}

function FaqForm({ faq, onDone }: { faq: Faq | null; onDone: () => void }) {
  const t = useT(adminFaqsMessages)
  const [form] = Form.useForm<Values>()
  const { onFieldsChange, showServerErrors } = useFadingErrors(form)
  const categories = useQuery(categoryChoicesQuery())
  // The language tab in view: a refused save shows the tab of the first field it names.
  const languageTab = useLanguageTab(FIELDS)
  const save = useAppMutation({
    ...saveFaqCall(faq?.id ?? null),
    success: ({ message }) => message,
    failure: (error) => t('form.failed', { reason: serverMessage(error) ?? String(error) }),
    onSuccess: onDone,
    onError: (error) => {
      showServerErrors(error)
      return false
    },
  })

  const onFinish = (values: Values) => {
    if (!values.category_id) return
    const status: FaqStatus = values.published ? 'open' : 'closed'
    // A language left wholly empty is not sent: its readers read English.
    const translations = writtenTranslations(values.translations, (words) => (isBlank(words) ? null : words))
    save.run({
      category_id: values.category_id,
      title: values.title,
      question: values.question,
      answer: values.answer,
      images: values.images ?? [],
      translations,
      status,
    })
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={onFinish}
      onFinishFailed={languageTab.onFinishFailed}
      onFieldsChange={onFieldsChange}
      initialValues={{
        category_id: faq?.category.id ?? null,
        title: faq?.title ?? '',
        question: faq?.question ?? '',
        answer: faq?.answer ?? '',
        images: faq?.images ?? [],
        published: faq ? faq.status === 'open' : true,
        translations: {
          my: faq?.translations.my ?? blank,
          vi: faq?.translations.vi ?? blank,
        },
      }}
    >
      <Form.Item<Values> name="category_id" label={t('form.category')} rules={[requiredRule('faqs.categoryRequired')]}>
        <Select
          loading={categories.isPending}
          placeholder={t('form.categoryRequired')}
          notFoundContent={t('form.noCategories')}
          options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <LanguageTabs
        {...languageTab.tabs}
        english={
          <WordsFields
            prefix={[]}
            rules={{ title: ruleFrom(checkFaqTitle), question: ruleFrom(checkFaqText), answer: ruleFrom(checkFaqText) }}
          />
        }
        translation={(lang) => <TranslationFields lang={lang} />}
      />
      <Form.Item<Values> name="images" label={t('form.images')}>
        <ImagesField
          max={FAQ_IMAGES_MAX}
          upload={uploadFaqImage}
          onProblem={(text) => form.setFields([{ name: 'images', errors: [text] }])}
        />
      </Form.Item>
      <Form.Item<Values> name="published" label={t('form.published')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Flex justify="flex-end">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('form.save')}
        </Button>
      </Flex>
    </Form>
  )
}

/** The title, question and answer fields under `prefix` ([] for English), checked by `rules`. */
function WordsFields({
  prefix,
  rules,
  lang,
}: {
  prefix: string[]
  rules: Record<keyof Words, Rule>
  lang?: TranslationLang
}) {
  const t = useT(adminFaqsMessages)
  // A translation's fields are judged together: writing one asks for the other two.
  const others = (field: keyof Words) =>
    prefix.length > 0 ? FIELDS.filter((other) => other !== field).map((other) => [...prefix, other]) : undefined
  return (
    <>
      <Form.Item
        name={[...prefix, 'title']}
        label={t('form.title')}
        rules={[rules.title]}
        dependencies={others('title')}
      >
        <TextInput maxLength={FAQ_TITLE_MAX} lang={lang} />
      </Form.Item>
      <Form.Item
        name={[...prefix, 'question']}
        label={t('form.question')}
        rules={[rules.question]}
        dependencies={others('question')}
      >
        <TextArea rows={3} lang={lang} />
      </Form.Item>
      <Form.Item
        name={[...prefix, 'answer']}
        label={t('form.answer')}
        rules={[rules.answer]}
        dependencies={others('answer')}
      >
        <TextArea rows={6} lang={lang} />
      </Form.Item>
    </>
  )
}

/**
 * One language's words: all three empty (its readers read English), or all three written and checked
 * as the English ones are.
 */
function TranslationFields({ lang }: { lang: TranslationLang }) {
  const t = useT(adminFaqsMessages)
  const language = useLanguageName()(lang)
  const prefix = ['translations', lang]
  const whole = (check: Check<string>) =>
    wholeGroupRuleFrom(check, prefix, t('form.translationIncomplete', { language }))
  return (
    <WordsFields
      prefix={prefix}
      lang={lang}
      rules={{ title: whole(checkFaqTitle), question: whole(checkFaqText), answer: whole(checkFaqText) }}
    />
  )
}
