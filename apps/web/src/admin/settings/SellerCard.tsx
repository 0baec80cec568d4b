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
import { Form } from 'antd'
import { call } from '../../api/client.ts'
import { useT } from '../../i18n/define.ts'
import { ruleFrom } from '../../ui/form-rules.ts'
import { TextArea, TextInput } from '../../ui/inputs.ts'
import { sellerMessages } from './seller.i18n.ts'
import { TextSettingCard } from './TextSettingCard.tsx'

/** The seller printed on bills: legal name, address, tax number (docs/billing.md "The seller"). */
export function SellerCard() {
  const t = useT(sellerMessages)
  return (
    <TextSettingCard<Seller>
      icon={<BankOutlined />}
      title={t('title')}
      intro={t('intro')}
      name="seller"
      queryKey={['settings', 'seller']}
      load={async () => (await call(getSeller)).data}
      store={(body) => call(setSeller, { body })}
      fields={['name', 'address', 'tax_code']}
      saveLabel={t('save')}
      failed={t('failed')}
    >
      <Form.Item name="name" label={t('name')} rules={[ruleFrom(checkSellerName)]}>
        <TextInput maxLength={SELLER_NAME_MAX} autoComplete="organization" />
      </Form.Item>
      <Form.Item name="address" label={t('address')} rules={[ruleFrom(checkSellerAddress)]}>
        <TextArea maxLength={SELLER_ADDRESS_MAX} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <Form.Item name="tax_code" label={t('taxCode')} rules={[ruleFrom(checkSellerTaxCode)]}>
        <TextInput autoComplete="off" />
      </Form.Item>
    </TextSettingCard>
  )
}
