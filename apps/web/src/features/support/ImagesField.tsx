import { CloseOutlined, LoadingOutlined, PictureOutlined } from '@ant-design/icons'
import { absoluteUrl, IMAGE_MAX_BYTES } from '@app/contract'
import { Button, Flex, Image, Typography, theme, Upload } from 'antd'
import { useState } from 'react'
import { useT } from '../../i18n/define.ts'
import { problemText } from '../../ui/form-rules.ts'
import { checkImageFile, IMAGE_TYPES } from '../../ui/image-file.ts'
import { supportSharedMessages } from './support-shared.i18n.ts'

/**
 * Images of a ticket message or an FAQ entry as a form control: the value is the list of uploaded
 * `/files/…` paths. A chosen file is checked here (type and 10 MB), uploaded at once by `upload`, and
 * shown as a thumbnail; the server judges the bytes again.
 */
export function ImagesField({
  value = [],
  onChange,
  max,
  upload,
  onProblem,
}: {
  value?: string[]
  onChange?: (paths: string[]) => void
  max: number
  upload: (file: File) => Promise<string>
  onProblem: (message: string) => void
}) {
  const t = useT(supportSharedMessages)
  const { token } = theme.useToken()
  const [pending, setPending] = useState(0)

  const onChoose = (file: File, list: File[]) => {
    // antd calls this once per chosen file; the batch is judged once, on its first file.
    if (file !== list[0]) return false
    const room = max - value.length - pending
    if (list.length > room) onProblem(t('images.full', { max }))
    const accepted: File[] = []
    for (const candidate of list.slice(0, Math.max(0, room))) {
      const problem = checkImageFile(candidate, IMAGE_MAX_BYTES, 'support.imageTooLarge')
      if (problem) onProblem(problemText(problem))
      else accepted.push(candidate)
    }
    if (accepted.length) {
      setPending((n) => n + accepted.length)
      let paths = value
      void Promise.all(
        accepted.map((one) =>
          upload(one)
            .then((path) => {
              paths = [...paths, path]
              onChange?.(paths)
            })
            .catch((error: Error) => onProblem(error.message))
            .finally(() => setPending((n) => n - 1)),
        ),
      )
    }
    return false
  }

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap>
        {value.map((path, index) => (
          <div key={path} style={{ position: 'relative' }}>
            <Image
              src={absoluteUrl(path, window.location.origin) ?? undefined}
              width={72}
              height={72}
              style={{ objectFit: 'cover', borderRadius: token.borderRadius }}
              alt={t('imageAlt', { n: index + 1 })}
            />
            <Button
              size="small"
              shape="circle"
              icon={<CloseOutlined />}
              aria-label={t('images.remove')}
              onClick={() => onChange?.(value.filter((p) => p !== path))}
              style={{ position: 'absolute', top: -8, right: -8 }}
            />
          </div>
        ))}
        {pending > 0 ? (
          <Flex
            align="center"
            justify="center"
            style={{
              width: 72,
              height: 72,
              border: `1px dashed ${token.colorBorder}`,
              borderRadius: token.borderRadius,
            }}
            aria-label={t('images.uploading')}
          >
            <LoadingOutlined />
          </Flex>
        ) : null}
      </Flex>
      <div>
        <Upload
          accept={IMAGE_TYPES.join(',')}
          multiple
          showUploadList={false}
          beforeUpload={onChoose}
          disabled={value.length + pending >= max}
        >
          <Button icon={<PictureOutlined />} disabled={value.length + pending >= max} data-testid="add-image">
            {t('images.add')}
          </Button>
        </Upload>
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('images.hint', { max })}
      </Typography.Text>
    </Flex>
  )
}
