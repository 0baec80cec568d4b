import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Flex, Form, Typography } from 'antd'
import type { ReactNode } from 'react'
import { failureText } from '../../api/errors.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'

/**
 * A back-office setting made of a few text fields (the seller on bills, the support contact): a card
 * with its title and intro, the stored value loaded into a form whose `children` are the fields'
 * Form.Items, and a save that shows the server's message, or its field errors beside the fields.
 */
export function TextSettingCard<T extends Record<string, string>>(props: {
  icon: ReactNode
  title: string
  intro: string
  /** The form's name (its fields' ids start with it). */
  name: string
  queryKey: readonly string[]
  load: () => Promise<T>
  store: (body: T) => Promise<{ message: string; data: T }>
  /** Other queries that show the setting (the app's config), asked again after a save. */
  alsoRefresh?: readonly (readonly string[])[]
  fields: readonly (keyof T & string)[]
  saveLabel: string
  /** The toast's words when saving fails for another reason than a field. */
  failed: string
  children: ReactNode
}) {
  const setting = useQuery(queryOptions({ queryKey: props.queryKey, queryFn: props.load }))
  return (
    <Card
      title={
        <Flex align="center" gap={8}>
          {props.icon}
          {props.title}
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">{props.intro}</Typography.Paragraph>
      <QueryState query={setting}>{(data) => <SettingForm {...props} initial={data} />}</QueryState>
    </Card>
  )
}

function SettingForm<T extends Record<string, string>>(
  props: Parameters<typeof TextSettingCard<T>>[0] & { initial: T },
) {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<T>()
  const fading = useFadingErrors(form)
  const save = useMutation({
    mutationFn: props.store,
    onSuccess: () => {
      for (const key of [props.queryKey, ...(props.alsoRefresh ?? [])]) {
        void queryClient.invalidateQueries({ queryKey: key })
      }
    },
    meta: { silent: true },
  })
  const onFinish = (values: T) =>
    save.mutate(Object.fromEntries(props.fields.map((field) => [field, values[field] ?? ''])) as T, {
      onSuccess: ({ message: text, data }) => {
        message.success(text)
        form.setFieldsValue(data as Parameters<typeof form.setFieldsValue>[0])
      },
      onError: (error) => {
        if (fading.showServerErrors(error)) return
        message.error(failureText(props.failed, error))
      },
    })
  return (
    <Form
      form={form}
      name={props.name}
      layout="vertical"
      initialValues={props.initial}
      validateTrigger="onBlur"
      onFieldsChange={fading.onFieldsChange}
      onFinish={onFinish}
      style={{ maxWidth: 460 }}
    >
      {props.children}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {props.saveLabel}
      </Button>
    </Form>
  )
}
