import {
  type BillDetail,
  checkVatCompanyAddress,
  checkVatCompanyName,
  checkVatEmail,
  checkVatTaxCode,
  formatDateTime,
} from '@app/contract'
import { App, Button, Card, Descriptions, Flex, Form, Typography } from 'antd'
import { useState } from 'react'
import { failureText } from '../../api/errors.ts'
import { useT } from '../../i18n/define.ts'
import { currentLang } from '../../i18n/lang.ts'
import { ruleFrom } from '../../ui/form-rules.ts'
import { TextArea, TextInput } from '../../ui/inputs.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { useRequestVat, type VatBody } from './billing.api.ts'
import { billingMessages } from './billing.i18n.ts'

type VatValues = VatBody

/**
 * docs/requirements.md §9.4: ask for a VAT invoice for the bill (company name, address, tax code, e-mail), checked
 * with the contract's rules as inline errors (§18.5). A request already made is shown; a new one
 * replaces it.
 */
export function VatRequest({ bill }: { bill: BillDetail }) {
  const t = useT(billingMessages)
  const existing = bill.vat_request
  const [isEditing, setEditing] = useState(false)
  return (
    <Card title={t('vat.title')}>
      {existing ? (
        <Flex vertical gap={12}>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'company_name', label: t('vat.companyName'), children: existing.company_name },
              { key: 'company_address', label: t('vat.companyAddress'), children: existing.company_address },
              { key: 'tax_code', label: t('vat.taxCode'), children: existing.tax_code },
              { key: 'email', label: t('vat.email'), children: existing.email },
            ]}
          />
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {t('vat.requestedOn', { date: formatDateTime(existing.requested_at, currentLang()) })}
          </Typography.Text>
          {isEditing ? (
            <>
              <Typography.Text type="secondary">{t('vat.replaces')}</Typography.Text>
              <VatForm bill={bill} onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />
            </>
          ) : (
            <Button style={{ alignSelf: 'flex-start' }} onClick={() => setEditing(true)}>
              {t('vat.change')}
            </Button>
          )}
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('vat.intro')}</Typography.Text>
          <VatForm bill={bill} />
        </Flex>
      )}
    </Card>
  )
}

function VatForm({ bill, onDone, onCancel }: { bill: BillDetail; onDone?: () => void; onCancel?: () => void }) {
  const t = useT(billingMessages)
  const { message } = App.useApp()
  const [form] = Form.useForm<VatValues>()
  const fading = useFadingErrors(form)
  const request = useRequestVat(bill.id)
  const previous = bill.vat_request

  const onFinish = (values: VatValues) => {
    const body: VatBody = {
      company_name: values.company_name.trim(),
      company_address: values.company_address.trim(),
      tax_code: values.tax_code.trim(),
      email: values.email.trim().toLowerCase(),
    }
    request.mutate(body, {
      onSuccess: ({ message: text }) => {
        message.success(text)
        form.resetFields()
        onDone?.()
      },
      onError: (error) => {
        fading.showServerErrors(error)
        message.error(failureText(t('vat.failed'), error))
      },
    })
  }

  return (
    <Form<VatValues>
      form={form}
      layout="vertical"
      validateTrigger="onBlur"
      initialValues={{
        company_name: previous?.company_name ?? '',
        company_address: previous?.company_address ?? '',
        tax_code: previous?.tax_code ?? '',
        email: previous?.email ?? '',
      }}
      onFieldsChange={fading.onFieldsChange}
      onFinish={onFinish}
      requiredMark={false}
    >
      <Form.Item name="company_name" label={t('vat.companyName')} rules={[ruleFrom(checkVatCompanyName)]}>
        <TextInput autoComplete="organization" maxLength={255} />
      </Form.Item>
      <Form.Item name="company_address" label={t('vat.companyAddress')} rules={[ruleFrom(checkVatCompanyAddress)]}>
        <TextArea autoComplete="street-address" autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
      </Form.Item>
      <Form.Item
        name="tax_code"
        label={t('vat.taxCode')}
        extra={t('vat.taxCodeHint')}
        rules={[ruleFrom(checkVatTaxCode)]}
      >
        <TextInput inputMode="numeric" autoComplete="off" maxLength={14} />
      </Form.Item>
      <Form.Item name="email" label={t('vat.email')} rules={[ruleFrom(checkVatEmail)]}>
        <TextInput type="email" autoComplete="email" />
      </Form.Item>
      <Flex gap={8} wrap>
        <Button type="primary" htmlType="submit" loading={request.isPending}>
          {previous ? t('vat.resubmit') : t('vat.submit')}
        </Button>
        {onCancel ? <Button onClick={onCancel}>{t('vat.cancel')}</Button> : null}
      </Flex>
    </Form>
  )
}
