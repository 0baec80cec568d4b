import { checkTicketContent, TICKET_CONTENT_MIN, TICKET_IMAGES_MAX } from '@app/contract'
import { App, Button, Flex, Form } from 'antd'
import { serverMessage } from '../../api/errors.ts'
import { useT } from '../../i18n/define.ts'
import { ruleFrom } from '../../ui/form-rules.ts'
import { TextArea } from '../../ui/inputs.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { ImagesField } from './ImagesField.tsx'
import { uploadTicketImage, useReplyTicket } from './support.api.ts'
import { supportSharedMessages } from './support-shared.i18n.ts'

interface Values {
  content: string
  images: string[]
}

/** A reply on an open ticket (the customer's or staff's): content judged by the contract, up to 5 images. */
export function ReplyForm({ ticketId }: { ticketId: string }) {
  const t = useT(supportSharedMessages)
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const { onFieldsChange, showServerErrors } = useFadingErrors(form)
  const reply = useReplyTicket(ticketId)

  const onFinish = (values: Values) => {
    reply
      .mutateAsync({ content: values.content, images: values.images ?? [] })
      .then(({ message: text }) => {
        message.success(text)
        form.resetFields()
      })
      .catch((error: unknown) => {
        showServerErrors(error)
        message.error(t('reply.failed', { reason: serverMessage(error) ?? String(error) }))
      })
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ content: '', images: [] }}
      onFinish={onFinish}
      onFieldsChange={onFieldsChange}
    >
      <Form.Item<Values> name="content" label={t('reply.label')} rules={[ruleFrom(checkTicketContent)]}>
        <TextArea rows={4} placeholder={t('reply.placeholder', { min: TICKET_CONTENT_MIN })} />
      </Form.Item>
      <Form.Item<Values> name="images">
        <ImagesField
          max={TICKET_IMAGES_MAX}
          upload={uploadTicketImage}
          onProblem={(text) => form.setFields([{ name: 'images', errors: [text] }])}
        />
      </Form.Item>
      <Flex justify="flex-end">
        <Button type="primary" htmlType="submit" loading={reply.isPending}>
          {t('reply.send')}
        </Button>
      </Flex>
    </Form>
  )
}
