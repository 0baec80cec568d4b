import { formatDateTime, KEY_ROLL_MAX_GRACE_HOURS, type Key } from '@app/contract'
import { Flex, InputNumber, Modal, Slider, Typography } from 'antd'
import { useEffect, useId, useState } from 'react'
import { useT } from '../../i18n/define.ts'
import { currentLang } from '../../i18n/lang.ts'
import { keysMessages } from './keys.i18n.ts'

const DEFAULT_GRACE_HOURS = 24
const HOUR = 3_600_000

/**
 * Rolling a key (docs/requirements.md §5.7): a new secret replaces the current one, which keeps working for
 * the grace period picked here (0–72 hours) so the owner can deploy the new one without an outage.
 */
export function RollKeyModal({
  target,
  isRolling,
  onRoll,
  onClose,
}: {
  target: Key | null
  isRolling: boolean
  onRoll: (graceHours: number) => void
  onClose: () => void
}) {
  const t = useT(keysMessages)
  const [hours, setHours] = useState(DEFAULT_GRACE_HOURS)
  const [now, setNow] = useState(() => Date.now())
  const sliderLabel = useId()
  const lang = currentLang()

  // A fresh choice (and a fresh "until") each time the dialog opens.
  useEffect(() => {
    if (target) {
      setHours(DEFAULT_GRACE_HOURS)
      setNow(Date.now())
    }
  }, [target])

  const marks = Object.fromEntries(
    [0, 24, 48, KEY_ROLL_MAX_GRACE_HOURS].map((value) => [value, t('roll.hours', { count: value })]),
  )

  return (
    <Modal
      open={target !== null}
      title={target ? t('roll.title', { name: target.name }) : ''}
      okText={t('roll.ok')}
      okButtonProps={{ danger: hours === 0 }}
      confirmLoading={isRolling}
      onOk={() => onRoll(hours)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>{t('roll.intro')}</Typography.Paragraph>
        <Typography.Text strong id={sliderLabel}>
          {t('roll.grace')}
        </Typography.Text>
        <Typography.Text type="secondary">{t('roll.graceHint', { max: KEY_ROLL_MAX_GRACE_HOURS })}</Typography.Text>
        <Flex gap={16} align="center">
          <Slider
            min={0}
            max={KEY_ROLL_MAX_GRACE_HOURS}
            marks={marks}
            value={hours}
            onChange={setHours}
            tooltip={{ formatter: (value) => t('roll.hours', { count: value ?? 0 }) }}
            style={{ flex: 1, marginInline: 12 }}
            aria-labelledby={sliderLabel}
          />
          <InputNumber
            min={0}
            max={KEY_ROLL_MAX_GRACE_HOURS}
            precision={0}
            value={hours}
            onChange={(value) => setHours(value ?? 0)}
            aria-labelledby={sliderLabel}
            suffix={t('roll.unit')}
            style={{ width: 96 }}
          />
        </Flex>
        <Typography.Text type={hours === 0 ? 'danger' : undefined}>
          {hours === 0 ? t('roll.now') : t('roll.until', { time: formatDateTime(new Date(now + hours * HOUR), lang) })}
        </Typography.Text>
      </Flex>
    </Modal>
  )
}
