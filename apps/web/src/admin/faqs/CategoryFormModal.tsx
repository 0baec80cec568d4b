import { checkCategoryName, FAQ_CATEGORY_NAME_MAX, type FaqCategory } from '@app/contract'
import { Button, Flex, Form, Modal } from 'antd'
import { serverMessage } from '../../api/errors.ts'
import { useAppMutation } from '../../api/use-app-mutation.ts'
import { useT } from '../../i18n/define.ts'
import { optionalRuleFrom, ruleFrom } from '../../ui/form-rules.ts'
import { TextInput } from '../../ui/inputs.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { LanguageTabs, type TranslationLang, useLanguageTab, writtenTranslations } from '../shell/LanguageTabs.tsx'
import { saveCategoryCall } from './admin-faqs.api.ts'
import { adminFaqsMessages } from './admin-faqs.i18n.ts'

interface Values {
  name: string
  translations: Record<TranslationLang, { name: string }>
}

/**
 * Creates or renames a category; a name taken (whatever its case) shows "Category name is exist".
 * Its name may also be given in Burmese and Vietnamese (a tab each); customers of a language without
 * one read the English name.
 */
export function CategoryFormModal({
  category,
  open,
  onClose,
}: {
  category: FaqCategory | null
  open: boolean
  onClose: () => void
}) {
  const t = useT(adminFaqsMessages)
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={category ? t('categories.renameTitle') : t('categories.createTitle')}
      footer={null}
      destroyOnHidden
    >
      {open ? <CategoryForm category={category} onDone={onClose} /> : null}
    </Modal>
  )
}

function CategoryForm({ category, onDone }: { category: FaqCategory | null; onDone: () => void }) {
  const t = useT(adminFaqsMessages)
  const [form] = Form.useForm<Values>()
  const { onFieldsChange, showServerErrors, showFieldError } = useFadingErrors(form)
  const languageTab = useLanguageTab(['name'])
  const save = useAppMutation({
    ...saveCategoryCall(category?.id ?? null),
    success: ({ message }) => message,
    failure: (error) => t('categories.failed', { reason: serverMessage(error) ?? String(error) }),
    onSuccess: onDone,
    onError: (error) => {
      if (!showServerErrors(error)) {
        // "Category name is exist" is the answer's message, not a field's: put it under the name.
        const reason = serverMessage(error)
        if (reason) {
          languageTab.tabs.onChange('en')
          showFieldError('name', reason)
        }
      }
      return false
    },
  })

  const onFinish = (values: Values) =>
    save.run({
      name: values.name.trim(),
      // A language left empty is not sent: its readers read the English name.
      translations: writtenTranslations(values.translations, ({ name }) =>
        name?.trim() ? { name: name.trim() } : null,
      ),
    })

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{
        name: category?.name ?? '',
        translations: {
          my: { name: category?.translations.my?.name ?? '' },
          vi: { name: category?.translations.vi?.name ?? '' },
        },
      }}
      onFinish={onFinish}
      onFinishFailed={languageTab.onFinishFailed}
      onFieldsChange={onFieldsChange}
    >
      <LanguageTabs
        {...languageTab.tabs}
        english={
          <Form.Item name="name" label={t('categories.name')} rules={[ruleFrom(checkCategoryName)]}>
            <TextInput maxLength={FAQ_CATEGORY_NAME_MAX} autoFocus />
          </Form.Item>
        }
        translation={(lang) => (
          <Form.Item
            name={['translations', lang, 'name']}
            label={t('categories.name')}
            rules={[optionalRuleFrom(checkCategoryName)]}
          >
            <TextInput maxLength={FAQ_CATEGORY_NAME_MAX} lang={lang} />
          </Form.Item>
        )}
      />
      <Flex justify="flex-end">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('form.save')}
        </Button>
      </Flex>
    </Form>
  )
}
