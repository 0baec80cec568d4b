import { DeleteOutlined, UploadOutlined } from '@ant-design/icons'
import { type Campaign, type CampaignImage, IMAGE_MAX_BYTES, isWebUrl } from '@app/contract'
import { App, Button, DatePicker, Flex, Form, Image, Input, Modal, Typography, Upload } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useRef, useState } from 'react'
import { ApiError } from '../../api/client.ts'
import { serverMessage } from '../../api/errors.ts'
import { useAppMutation } from '../../api/use-app-mutation.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { optionalRuleFrom, problemText, requiredRule } from '../../ui/form-rules.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import { saveCampaignCall, useDeleteCampaignImage, useUploadCampaignImage } from './campaigns.api.ts'
import { campaignsMessages } from './campaigns.i18n.ts'

interface Values {
  code: string
  name: string
  period: [Dayjs, Dayjs] | null
  url: string
}

interface ShownImage extends CampaignImage {
  /** Saved with the campaign (removing it deletes its file entry) or a fresh upload. */
  saved: boolean
}

const DATE = 'YYYY-MM-DD'

/**
 * Creates or edits a campaign (docs/requirements.md §16.1: code, name, start and end date, url and an image required;
 * images at most 10 MB, judged by content on the server). Images upload as soon as they are chosen;
 * one removed is deleted at once (a fresh upload) or with its campaign file entry (a saved one).
 */
export function CampaignFormModal({
  open,
  campaign,
  onClose,
}: {
  open: boolean
  campaign: Campaign | null
  onClose: () => void
}) {
  const t = useT(campaignsMessages)
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={campaign ? t('form.editTitle', { code: campaign.code }) : t('form.createTitle')}
      footer={null}
      destroyOnHidden
      width={640}
    >
      {open ? <CampaignForm campaign={campaign} onDone={onClose} /> : null}
    </Modal>
  )
}

function CampaignForm({ campaign, onDone }: { campaign: Campaign | null; onDone: () => void }) {
  const t = useT(campaignsMessages)
  const common = useT(commonMessages)
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const { onFieldsChange, showServerErrors } = useFadingErrors(form)
  const uploadImage = useUploadCampaignImage()
  const removeImage = useDeleteCampaignImage()
  const [images, setImages] = useState<ShownImage[]>(campaign?.images.map((i) => ({ ...i, saved: true })) ?? [])
  const [imageError, setImageError] = useState<string | null>(null)
  const loose = useRef(new Set<string>())
  const save = useAppMutation({
    ...saveCampaignCall,
    success: ({ message }) => message,
    failure: campaign ? t('form.updateFailed') : t('form.createFailed'),
    onSuccess: () => {
      loose.current.clear()
      onDone()
    },
    onError: (error) => {
      showServerErrors(error)
      if (error instanceof ApiError && error.fields.image_ids) setImageError(error.fields.image_ids)
      return false
    },
  })

  const initial: Values = campaign
    ? {
        code: campaign.code,
        name: campaign.name,
        period: [dayjs(campaign.start_date), dayjs(campaign.end_date)],
        url: campaign.url,
      }
    : { code: '', name: '', period: null, url: '' }

  const cancel = () => {
    // Uploads that were never saved with a campaign are not left behind.
    for (const id of loose.current) removeImage.mutate({ id, saved: false })
    onDone()
  }

  const onPick = (file: File) => {
    setImageError(null)
    if (file.size > IMAGE_MAX_BYTES) {
      setImageError(t('form.tooLarge'))
      return
    }
    uploadImage
      .mutateAsync(file)
      .then(({ data }) => {
        loose.current.add(data.id)
        setImages((list) => [...list, { ...data, saved: false }])
      })
      .catch((error: unknown) => {
        const reason = serverMessage(error)
        setImageError(reason ?? t('form.uploadFailed'))
      })
  }

  const onRemove = (image: ShownImage) => {
    const savedLeft = images.filter((i) => i.saved && i.id !== image.id).length
    // The last saved image goes when the campaign is saved with another one (a campaign needs one).
    if (image.saved && savedLeft === 0) {
      setImages((list) => list.filter((i) => i.id !== image.id))
      return
    }
    removeImage
      .mutateAsync({ id: image.id, saved: image.saved })
      .then(() => {
        loose.current.delete(image.id)
        setImages((list) => list.filter((i) => i.id !== image.id))
        message.success(t('form.imageRemoved'))
      })
      .catch((error: unknown) => {
        const reason = serverMessage(error)
        message.error(
          reason ? t('form.failedBecause', { action: t('form.removeFailed'), reason }) : t('form.removeFailed'),
        )
      })
  }

  // The images are not a form field: their rule is checked with the fields', so an empty form shows
  // the missing image with the other missing fields instead of only once they are filled.
  const imagesMissing = () => {
    if (images.length > 0) return false
    setImageError(t('form.noImageToSend'))
    return true
  }

  const onFinish = (values: Values) => {
    if (imagesMissing()) return
    const [start, end] = values.period ?? []
    if (!start || !end) return
    save.run({
      id: campaign?.id ?? null,
      body: {
        code: values.code.trim(),
        name: values.name.trim(),
        start_date: start.format(DATE),
        end_date: end.format(DATE),
        url: values.url.trim(),
        image_ids: images.map((i) => i.id),
      },
    })
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={onFinish}
      onFinishFailed={imagesMissing}
      onFieldsChange={onFieldsChange}
    >
      <Flex gap={12} wrap>
        <Form.Item<Values>
          name="code"
          label={t('form.code')}
          extra={t('form.codeHelp')}
          required
          rules={[requiredRule('campaigns.codeRequired')]}
          style={{ flex: '1 1 200px' }}
        >
          <Input maxLength={64} autoComplete="off" spellCheck={false} autoFocus />
        </Form.Item>
        <Form.Item<Values>
          name="name"
          label={t('form.name')}
          required
          rules={[requiredRule('campaigns.nameRequired')]}
          style={{ flex: '2 1 260px' }}
        >
          <Input maxLength={255} autoComplete="off" />
        </Form.Item>
      </Flex>
      <Form.Item<Values>
        name="period"
        label={t('form.period')}
        required
        rules={[
          {
            validator: (_rule, value: [Dayjs, Dayjs] | null) =>
              value?.[0] && value[1]
                ? Promise.resolve()
                : Promise.reject(new Error(problemText({ key: 'campaigns.startDateRequired' }))),
          },
        ]}
      >
        <DatePicker.RangePicker
          format={DATE}
          placeholder={[t('form.start'), t('form.end')]}
          style={{ width: '100%' }}
          allowClear={false}
        />
      </Form.Item>
      <Form.Item<Values>
        name="url"
        label={t('form.url')}
        extra={t('form.urlHelp')}
        required
        rules={[
          requiredRule('campaigns.urlRequired'),
          optionalRuleFrom((value) => (isWebUrl(value.trim()) ? null : { key: 'campaigns.urlInvalid' })),
        ]}
      >
        <Input inputMode="url" placeholder="https://" autoComplete="off" />
      </Form.Item>
      <Form.Item
        label={t('form.images')}
        required
        extra={t('form.imagesHelp')}
        validateStatus={imageError ? 'error' : ''}
        help={imageError ?? undefined}
      >
        <Flex gap={12} wrap align="center">
          {images.map((image) => (
            <Flex key={image.id} vertical gap={4} align="center" data-testid="campaign-image">
              <Image src={image.path} width={120} height={60} style={{ objectFit: 'cover', borderRadius: 6 }} alt="" />
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('form.removeImage')}
                onClick={() => onRemove(image)}
                loading={removeImage.isPending && removeImage.variables?.id === image.id}
              />
            </Flex>
          ))}
          {images.length < 5 ? (
            <Upload
              accept="image/png,image/jpeg,image/webp,image/gif"
              showUploadList={false}
              beforeUpload={(file) => {
                onPick(file)
                return false
              }}
            >
              <Button icon={<UploadOutlined />} loading={uploadImage.isPending}>
                {uploadImage.isPending ? t('form.uploading') : t('form.upload')}
              </Button>
            </Upload>
          ) : null}
        </Flex>
      </Form.Item>
      {campaign ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          {campaign.id}
        </Typography.Paragraph>
      ) : null}
      <Flex gap={8} justify="flex-end">
        <Button onClick={cancel}>{common('actions.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {campaign ? t('form.submitEdit') : t('form.submitCreate')}
        </Button>
      </Flex>
    </Form>
  )
}
