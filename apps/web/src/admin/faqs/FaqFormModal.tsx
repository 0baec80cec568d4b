import { checkFaqText, checkFaqTitle, FAQ_IMAGES_MAX, FAQ_TITLE_MAX, type Faq, type FaqStatus } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Button, Flex, Form, Input, Modal, Select, Switch } from 'antd'
import { serverMessage } from '../../api/errors.ts'
import { useAppMutation } from '../../api/use-app-mutation.ts'
import { ImagesField } from '../../features/support/ImagesField.tsx'
import { useT } from '../../i18n/define.ts'
import { requiredRule, ruleFrom } from '../../ui/form-rules.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { categoryChoicesQuery, saveFaqCall, uploadFaqImage } from './admin-faqs.api.ts'
import { adminFaqsMessages } from './admin-faqs.i18n.ts'

interface Values {
  category_id: string | null
  title: string
  question: string
  answer: string
  images: string[]
  published: boolean
}

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
    save.run({
      category_id: values.category_id,
      title: values.title,
      question: values.question,
      answer: values.answer,
      images: values.images ?? [],
      status,
    })
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={onFinish}
      onFieldsChange={onFieldsChange}
      initialValues={{
        category_id: faq?.category.id ?? null,
        title: faq?.title ?? '',
        question: faq?.question ?? '',
        answer: faq?.answer ?? '',
        images: faq?.images ?? [],
        published: faq ? faq.status === 'open' : true,
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
      <Form.Item<Values> name="title" label={t('form.title')} rules={[ruleFrom(checkFaqTitle)]}>
        <Input maxLength={FAQ_TITLE_MAX} />
      </Form.Item>
      <Form.Item<Values> name="question" label={t('form.question')} rules={[ruleFrom(checkFaqText)]}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item<Values> name="answer" label={t('form.answer')} rules={[ruleFrom(checkFaqText)]}>
        <Input.TextArea rows={6} />
      </Form.Item>
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
