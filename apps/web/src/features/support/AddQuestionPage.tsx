import { BulbOutlined } from '@ant-design/icons'
import {
  checkTicketContent,
  checkTicketTitle,
  TICKET_CONTENT_MIN,
  TICKET_IMAGES_MAX,
  TICKET_TITLE_MAX,
  type TicketReferenceType,
} from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Alert, App, Button, Card, Flex, Form, Select, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { serverMessage } from '../../api/errors.ts'
import { paths } from '../../app/paths.ts'
import { useT } from '../../i18n/define.ts'
import { usePreloaded } from '../../lib/lazy-component.tsx'
import { ruleFrom } from '../../ui/form-rules.ts'
import { TextArea, TextInput } from '../../ui/inputs.ts'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { Verbatim } from '../../ui/Verbatim.tsx'
import { ImagesFieldPart, LazyImagesField } from './LazyImagesField.tsx'
import { faqSuggestionsQuery, referencesQuery, uploadTicketImage, useCreateTicket } from './support.api.ts'
import { supportMessages } from './support.i18n.ts'
import { supportSharedMessages } from './support-shared.i18n.ts'

interface Values {
  title: string
  content: string
  reference: string | null
  images: string[]
}

const REFERENCE_TYPES: TicketReferenceType[] = ['key', 'bill', 'map']

/** What is typed, once typing has paused (so suggestions are not asked for on every key). */
function useSettled(value: string, ms = 350) {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

/**
 * /support/request/addQuestion: a new ticket. Title and content are judged by the contract's rules;
 * up to 5 images upload as they are chosen; the ticket may point at one of the user's keys, bills or
 * maps; published FAQ entries matching the title are suggested while it is typed.
 */
export function AddQuestionPage() {
  const t = useT(supportMessages)
  const shared = useT(supportSharedMessages)
  useDocumentTitle(t('form.title'))
  usePreloaded(ImagesFieldPart)
  const { message } = App.useApp()
  const navigate = useNavigate()
  const [form] = Form.useForm<Values>()
  const { onFieldsChange, showServerErrors } = useFadingErrors(form)
  const create = useCreateTicket()
  const references = useQuery(referencesQuery())
  const title = useSettled((Form.useWatch('title', form) ?? '').trim())
  const suggestions = useQuery(faqSuggestionsQuery(title))

  const onFinish = (values: Values) => {
    const [type, id] = values.reference ? values.reference.split(':') : []
    create
      .mutateAsync({
        title: values.title,
        content: values.content,
        images: values.images ?? [],
        reference: type && id ? { type: type as TicketReferenceType, id } : null,
      })
      .then(({ data, message: text }) => {
        message.success(text)
        navigate(paths.ticket(data.id))
      })
      .catch((error: unknown) => {
        showServerErrors(error)
        message.error(t('form.failed', { reason: serverMessage(error) ?? String(error) }))
      })
  }

  const referenceOptions = references.data
    ? REFERENCE_TYPES.filter((type) => references.data[type].length > 0).map((type) => ({
        label: shared(`reference.${type}`),
        title: shared(`reference.${type}`),
        options: references.data[type].map((choice) => ({ value: `${type}:${choice.id}`, label: choice.label })),
      }))
    : []

  const shown = title.length >= 3 ? (suggestions.data ?? []) : []

  return (
    <Flex vertical gap={16} style={{ maxWidth: 820 }}>
      <div>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('form.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('form.intro')}</Typography.Text>
      </div>
      <Card>
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ title: '', content: '', reference: null, images: [] }}
          onFinish={onFinish}
          onFieldsChange={onFieldsChange}
        >
          <Form.Item<Values> name="title" label={t('form.titleLabel')} rules={[ruleFrom(checkTicketTitle)]}>
            <TextInput maxLength={TICKET_TITLE_MAX} placeholder={t('form.titlePlaceholder')} autoComplete="off" />
          </Form.Item>
          {shown.length ? (
            <Alert
              type="info"
              showIcon
              icon={<BulbOutlined />}
              style={{ marginBottom: 24 }}
              data-testid="faq-suggestions"
              title={t('form.suggestions')}
              description={
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {shown.map((faq) => (
                    <li key={faq.id}>
                      <Link to={`${paths.faqs}?keyword=${encodeURIComponent(faq.title)}`} target="_blank">
                        <Verbatim>{faq.title}</Verbatim>
                      </Link>
                      <Typography.Text type="secondary"> · {faq.category.name}</Typography.Text>
                    </li>
                  ))}
                </ul>
              }
            />
          ) : null}
          <Form.Item<Values> name="content" label={t('form.content')} rules={[ruleFrom(checkTicketContent)]}>
            <TextArea rows={6} placeholder={t('form.contentPlaceholder', { min: TICKET_CONTENT_MIN })} />
          </Form.Item>
          <Form.Item<Values> name="reference" label={t('form.reference')}>
            <Select
              allowClear
              loading={references.isPending}
              placeholder={t('form.referencePlaceholder')}
              options={referenceOptions}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
          <Form.Item<Values> name="images" label={t('form.images')}>
            <LazyImagesField
              max={TICKET_IMAGES_MAX}
              upload={uploadTicketImage}
              onProblem={(text) => form.setFields([{ name: 'images', errors: [text] }])}
            />
          </Form.Item>
          <Flex gap={8} justify="flex-end" wrap>
            <Button onClick={() => navigate(paths.supportRequests)}>{t('form.cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={create.isPending}>
              {t('form.submit')}
            </Button>
          </Flex>
        </Form>
      </Card>
    </Flex>
  )
}
