import { CheckCircleOutlined } from '@ant-design/icons'
import { formatMoney, type Plan } from '@app/contract'
import { App, Button, Flex, Modal, Select, Tag, Typography } from 'antd'
import { useState } from 'react'
import { serverMessage } from '../../api/errors.ts'
import { useAppMutation } from '../../api/use-app-mutation.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { useLang } from '../../i18n/lang.ts'
import { type PickedUser, UserPicker } from '../pricing/UserPicker.tsx'
import { changeUserPlanCall } from './plans.api.ts'
import { plansMessages } from './plans.i18n.ts'

/**
 * Sets one user's plan (docs/requirements.md §4.8, admin only; no charge): pick the account by e-mail (or open it for a
 * given `user`, from the account's page) and a plan.
 */
export function ChangeUserPlanModal({
  open,
  plans,
  onClose,
  user,
}: {
  open: boolean
  plans: readonly Plan[]
  onClose: () => void
  user?: PickedUser
}) {
  const t = useT(plansMessages)
  return (
    <Modal open={open} onCancel={onClose} title={t('change.title')} footer={null} destroyOnHidden>
      {open ? <ChangeUserPlan plans={plans} onDone={onClose} fixedUser={user ?? null} /> : null}
    </Modal>
  )
}

function ChangeUserPlan({
  plans,
  onDone,
  fixedUser,
}: {
  plans: readonly Plan[]
  onDone: () => void
  fixedUser: PickedUser | null
}) {
  const t = useT(plansMessages)
  const common = useT(commonMessages)
  const { modal } = App.useApp()
  const [user, setUser] = useState<PickedUser | null>(fixedUser)
  const [planId, setPlanId] = useState<string | null>(null)
  const lang = useLang()
  const plan = plans.find((candidate) => candidate.id === planId)
  const change = useAppMutation({
    ...changeUserPlanCall,
    success: ({ message }) => message || t('change.done', { plan: plan?.name ?? '' }),
    failure: (error) => serverMessage(error) ?? t('change.failed'),
    onSuccess: onDone,
  })

  const onSubmit = () => {
    if (!user || !plan) return
    modal.confirm({
      title: t('change.confirmTitle'),
      content: t('change.confirmText', { email: user.email, plan: plan.name }),
      okText: t('change.submit'),
      cancelText: common('actions.cancel'),
      onOk: () => change.run({ userId: user.id, planId: plan.id }),
    })
  }

  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">{t('change.intro')}</Typography.Text>
      <Flex vertical gap={4}>
        <Typography.Text strong>{t('change.user')}</Typography.Text>
        {fixedUser ? null : <UserPicker onPick={setUser} label={t('change.user')} />}
        {user ? (
          <Tag icon={<CheckCircleOutlined />} color="blue" style={{ alignSelf: 'flex-start', whiteSpace: 'normal' }}>
            {user.email}
          </Tag>
        ) : null}
      </Flex>
      <Flex vertical gap={4}>
        <Typography.Text strong>{t('change.plan')}</Typography.Text>
        <Select<string>
          aria-label={t('change.plan')}
          placeholder={t('change.planPlaceholder')}
          value={planId}
          onChange={setPlanId}
          options={plans.map((candidate) => ({
            value: candidate.id,
            label: `${candidate.name} · ${t('pricePerMonth', { price: formatMoney(candidate.price, 'USD', lang) })}${
              candidate.active ? '' : ` · ${t('tags.inactive')}`
            }`,
          }))}
          style={{ width: '100%' }}
        />
      </Flex>
      <Flex gap={8} justify="flex-end">
        <Button onClick={onDone}>{common('actions.cancel')}</Button>
        <Button type="primary" disabled={!user || !plan} loading={change.isPending} onClick={onSubmit}>
          {t('change.submit')}
        </Button>
      </Flex>
    </Flex>
  )
}
