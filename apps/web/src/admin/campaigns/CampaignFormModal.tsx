import { DeleteOutlined, UploadOutlined } from '@ant-design/icons'
import {
  CAMPAIGN_IMAGES_MAX,
  type Campaign,
  type CampaignImage,
  IMAGE_MAX_BYTES,
  isWebUrl,
  TRANSLATION_LANGS,
} from '@app/contract'
import { App, Button, DatePicker, Flex, Form, Image, Modal, Typography, Upload } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useRef, useState } from 'react'
import { ApiError } from '../../api/client.ts'
import { serverMessage } from '../../api/errors.ts'
import { useAppMutation } from '../../api/use-app-mutation.ts'
import { commonMessages } from '../../i18n/common.i18n.ts'
import { useT } from '../../i18n/define.ts'
import { optionalRuleFrom, problemText, requiredRule } from '../../ui/form-rules.ts'
import { TextInput } from '../../ui/inputs.ts'
import { useFadingErrors } from '../../ui/use-fading-errors.ts'
import {
  LanguageTabs,
  type TranslationLang,
  useLanguageName,
  useLanguageTab,
  writtenTranslations,
} from '../shell/LanguageTabs.tsx'
import { saveCampaignCall, useDeleteCampaignImage, useUploadCampaignImage } from './campaigns.api.ts'
import { campaignsMessages } from './campaigns.i18n.ts'

interface Values {
  code: string
  name: string
  period: [Dayjs, Dayjs] | null
  url: string
  translations: Record<TranslationLang, { name: string }>
}

/** English, the campaign's own banner, and the languages it may have a banner of its own in. */
type ImageLang = 'en' | TranslationLang
const IMAGE_LANGS = ['en', 'my', 'vi'] as const satisfies readonly ImageLang[]

interface ShownImage extends CampaignImage {
  /** Saved with the campaign (removing it deletes its file entry) or a fresh upload. */
  saved: boolean
}

const DATE = 'YYYY-MM-DD'

/**
 * Creates or edits a campaign (docs/requirements.md §16.1: code, name, start and end date, url and an image required;
 * images at most 10 MB, judged by content on the server). Images upload as soon as they are chosen;
 * one removed is deleted at once (a fresh upload) or with its campaign file entry (a saved one).
 * The banner — name and images — may also be made in Burmese and Vietnamese, a tab each (issue 20).
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
  const languageName = useLanguageName()
  const [form] = Form.useForm<Values>()
  const { onFieldsChange, showServerErrors } = useFadingErrors(form)
  const removeImage = useDeleteCampaignImage()
  const languageTab = useLanguageTab(['name'])
  const [images, setImages] = useState<Record<ImageLang, ShownImage[]>>(() => ({
    en: shown(campaign?.images),
    my: shown(campaign?.translations.my?.images),
    vi: shown(campaign?.translations.vi?.images),
  }))
  const [imageErrors, setImageErrors] = useState<Partial<Record<ImageLang, string>>>({})
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
      if (error instanceof ApiError) {
        const refused = IMAGE_LANGS.filter((lang) => error.fields[imagesField(lang)])
        setImageErrors(Object.fromEntries(refused.map((lang) => [lang, error.fields[imagesField(lang)]])))
        const first = refused[0]
        if (first && !error.fields.code && !error.fields.name) languageTab.tabs.onChange(first)
      }
      return false
    },
  })

  const initial: Values = {
    code: campaign?.code ?? '',
    name: campaign?.name ?? '',
    period: campaign ? [dayjs(campaign.start_date), dayjs(campaign.end_date)] : null,
    url: campaign?.url ?? '',
    translations: {
      my: { name: campaign?.translations.my?.name ?? '' },
      vi: { name: campaign?.translations.vi?.name ?? '' },
    },
  }

  const cancel = () => {
    // Uploads that were never saved with a campaign are not left behind.
    for (const id of loose.current) removeImage.mutate({ id, saved: false })
    onDone()
  }

  // The images are not form fields: their rules are checked with the fields', so an empty form shows
  // the missing image with the other missing fields instead of only once they are filled. A language
  // is whole or empty: a name asks for an image, as an image asks for a name (the name's rule).
  const imagesMissing = () => {
    const names = form.getFieldValue('translations') as Values['translations'] | undefined
    const missing: Partial<Record<ImageLang, string>> = {}
    if (images.en.length === 0) missing.en = t('form.noImageToSend')
    for (const lang of TRANSLATION_LANGS) {
      if (names?.[lang]?.name?.trim() && images[lang].length === 0)
        missing[lang] = t('form.translationNeedsImage', { language: languageName(lang) })
    }
    setImageErrors(missing)
    return Object.keys(missing) as ImageLang[]
  }

  const onFinishFailed = (failure: Parameters<typeof languageTab.onFinishFailed>[0]) => {
    const missing = imagesMissing()
    if (failure.errorFields.length > 0) languageTab.onFinishFailed(failure)
    else if (missing[0]) languageTab.tabs.onChange(missing[0])
  }

  const onFinish = (values: Values) => {
    const missing = imagesMissing()
    if (missing[0]) {
      languageTab.tabs.onChange(missing[0])
      return
    }
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
        image_ids: images.en.map((i) => i.id),
        // A language left empty is not sent: its readers see the English banner.
        translations: writtenTranslations(values.translations, (words, lang) =>
          images[lang].length > 0 ? { name: words.name.trim(), image_ids: images[lang].map((i) => i.id) } : null,
        ),
      },
    })
  }

  const imagesOf = (lang: ImageLang) => (
    <CampaignImages
      images={images[lang]}
      setImages={(update) => setImages((all) => ({ ...all, [lang]: update(all[lang]) }))}
      error={imageErrors[lang] ?? null}
      setError={(error) => setImageErrors((all) => ({ ...all, [lang]: error ?? undefined }))}
      loose={loose.current}
      lang={lang === 'en' ? undefined : lang}
    />
  )

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={onFinish}
      onFinishFailed={onFinishFailed}
      onFieldsChange={onFieldsChange}
    >
      <Form.Item<Values>
        name="code"
        label={t('form.code')}
        extra={t('form.codeHelp')}
        required
        rules={[requiredRule('campaigns.codeRequired')]}
      >
        <TextInput maxLength={64} autoComplete="off" spellCheck={false} autoFocus />
      </Form.Item>
      <LanguageTabs
        {...languageTab.tabs}
        english={
          <>
            <Form.Item<Values>
              name="name"
              label={t('form.name')}
              required
              rules={[requiredRule('campaigns.nameRequired')]}
            >
              <TextInput maxLength={255} autoComplete="off" />
            </Form.Item>
            {imagesOf('en')}
          </>
        }
        translation={(lang) => (
          <>
            <Form.Item
              name={['translations', lang, 'name']}
              label={t('form.name')}
              rules={[
                {
                  validator: (_rule, value: string | undefined) =>
                    images[lang].length > 0 && !value?.trim()
                      ? Promise.reject(new Error(t('form.translationNeedsName', { language: languageName(lang) })))
                      : Promise.resolve(),
                },
              ]}
            >
              <TextInput maxLength={255} autoComplete="off" lang={lang} />
            </Form.Item>
            {imagesOf(lang)}
          </>
        )}
      />
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
        <TextInput inputMode="url" placeholder="https://" autoComplete="off" />
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

function shown(images: CampaignImage[] | undefined): ShownImage[] {
  return (images ?? []).map((image) => ({ ...image, saved: true }))
}

/** The body field a refusal of a language's images names. */
function imagesField(lang: ImageLang) {
  return lang === 'en' ? 'image_ids' : `translations.${lang}.image_ids`
}

/**
 * One language's images: uploaded as soon as chosen (a loose upload until the campaign is saved);
 * removing one deletes it at once, or with its campaign file entry when it was saved with the campaign.
 */
function CampaignImages({
  images,
  setImages,
  error,
  setError,
  loose,
  lang,
}: {
  images: ShownImage[]
  setImages: (update: (list: ShownImage[]) => ShownImage[]) => void
  error: string | null
  setError: (error: string | null) => void
  loose: Set<string>
  lang: TranslationLang | undefined
}) {
  const t = useT(campaignsMessages)
  const { message } = App.useApp()
  const uploadImage = useUploadCampaignImage()
  const removeImage = useDeleteCampaignImage()

  const onPick = (file: File) => {
    setError(null)
    if (file.size > IMAGE_MAX_BYTES) {
      setError(t('form.tooLarge'))
      return
    }
    uploadImage
      .mutateAsync(file)
      .then(({ data }) => {
        loose.add(data.id)
        setImages((list) => [...list, { ...data, saved: false }])
      })
      .catch((failure: unknown) => setError(serverMessage(failure) ?? t('form.uploadFailed')))
  }

  const onRemove = (image: ShownImage) => {
    const savedLeft = images.filter((i) => i.saved && i.id !== image.id).length
    // A language's last saved image goes when the campaign is saved (with another one, or — for a
    // translation — without the language): the server keeps one per language.
    if (image.saved && savedLeft === 0) {
      setImages((list) => list.filter((i) => i.id !== image.id))
      return
    }
    removeImage
      .mutateAsync({ id: image.id, saved: image.saved })
      .then(() => {
        loose.delete(image.id)
        setImages((list) => list.filter((i) => i.id !== image.id))
        message.success(t('form.imageRemoved'))
      })
      .catch((failure: unknown) => {
        const reason = serverMessage(failure)
        message.error(
          reason ? t('form.failedBecause', { action: t('form.removeFailed'), reason }) : t('form.removeFailed'),
        )
      })
  }

  return (
    <Form.Item
      label={t('form.images')}
      required={lang === undefined}
      extra={lang ? t('form.translationImagesHelp') : t('form.imagesHelp')}
      validateStatus={error ? 'error' : ''}
      help={error ?? undefined}
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
        {images.length < CAMPAIGN_IMAGES_MAX ? (
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
  )
}
