import { BankOutlined } from '@ant-design/icons'
import {
  checkSellerAddress,
  checkSellerName,
  checkSellerTaxCode,
  getSeller,
  SELLER_ADDRESS_MAX,
  SELLER_NAME_MAX,
  type Seller,
  setSeller,
} from '@app/contract'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Flex, Form, Input, Typography } from 'antd'
import { call } from '../../api/client.ts'
import { failureText } from '../../api/errors.ts'
import { useT } from '../../i18n/define.ts'
import { ruleFrom } from '../../ui/form-rules.ts'
import { QueryState } from '../../ui/QueryState.tsx'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { sellerMessages } from './seller.i18n.ts'

const sellerQuery = () =>
  queryOptions({ queryKey: ['settings', 'seller'], queryFn: async () => (await call(getSeller)).data })

/** The seller printed on bills: legal name, address, tax number (docs/billing.md "The seller"). */
export function SellerCard() {
  const t = useT(sellerMessages)
  const seller = useQuery(sellerQuery())
  return (
    <Card
      title={
        <Flex align="center" gap={8}>
          <BankOutlined />
          {t('title')}
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <QueryState query={seller}>{(data) => <SellerForm initial={data} />}</QueryState>
    </Card>
  )
}

function SellerForm({ initial }: { initial: Seller }) {
  const t = useT(sellerMessages)
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<Seller>()
  const fading = useFadingErrors(form)
  const save = useMutation({
    mutationFn: (body: Seller) => call(setSeller, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['settings', 'seller'] }),
    meta: { silent: true },
  })
  const onFinish = (values: Seller) =>
    save.mutate(
      { name: values.name ?? '', address: values.address ?? '', tax_code: values.tax_code ?? '' },
      {
        onSuccess: ({ message: text, data }) => {
          message.success(text)
          form.setFieldsValue(data)
        },
        onError: (error) => {
          if (fading.showServerErrors(error)) return
          message.error(failureText(t('failed'), error))
        },
      },
    )
  return (
    <Form
      form={form}
      name="seller"
      layout="vertical"
      initialValues={initial}
      validateTrigger="onBlur"
      onFieldsChange={fading.onFieldsChange}
      onFinish={onFinish}
      style={{ maxWidth: 460 }}
    >
      <Form.Item name="name" label={t('name')} rules={[ruleFrom(checkSellerName)]}>
        <Input maxLength={SELLER_NAME_MAX} autoComplete="organization" />
      </Form.Item>
      <Form.Item name="address" label={t('address')} rules={[ruleFrom(checkSellerAddress)]}>
        <Input.TextArea maxLength={SELLER_ADDRESS_MAX} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <Form.Item name="tax_code" label={t('taxCode')} rules={[ruleFrom(checkSellerTaxCode)]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('save')}
      </Button>
    </Form>
  )
}
