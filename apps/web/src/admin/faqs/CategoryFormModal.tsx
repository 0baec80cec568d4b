import { checkCategoryName, FAQ_CATEGORY_NAME_MAX, type FaqCategory } from '@app/contract'
import { Button, Flex, Form, Input, Modal } from 'antd'
import { serverMessage } from '../../api/errors.ts'
import { useAppMutation } from '../../api/use-app-mutation.ts'
import { useT } from '../../i18n/define.ts'
import { ruleFrom } from '../../ui/form-rules.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { saveCategoryCall } from './admin-faqs.api.ts'
import { adminFaqsMessages } from './admin-faqs.i18n.ts'

/** Creates or renames a category; a name taken (whatever its case) shows "Category name is exist". */
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
  const [form] = Form.useForm<{ name: string }>()
  const { onFieldsChange, showServerErrors, showFieldError } = useFadingErrors(form)
  const save = useAppMutation({
    ...saveCategoryCall(category?.id ?? null),
    success: ({ message }) => message,
    failure: (error) => t('categories.failed', { reason: serverMessage(error) ?? String(error) }),
    onSuccess: onDone,
    onError: (error) => {
      if (!showServerErrors(error)) {
        // "Category name is exist" is the answer's message, not a field's: put it under the name.
        const reason = serverMessage(error)
        if (reason) showFieldError('name', reason)
      }
      return false
    },
  })

  const onFinish = ({ name }: { name: string }) => save.run(name.trim())

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ name: category?.name ?? '' }}
      onFinish={onFinish}
      onFieldsChange={onFieldsChange}
    >
      <Form.Item name="name" label={t('categories.name')} rules={[ruleFrom(checkCategoryName)]}>
        <Input maxLength={FAQ_CATEGORY_NAME_MAX} autoFocus />
      </Form.Item>
      <Flex justify="flex-end">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('form.save')}
        </Button>
      </Flex>
    </Form>
  )
}
