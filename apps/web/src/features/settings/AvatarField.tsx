import { DeleteOutlined, UploadOutlined } from '@ant-design/icons'
import { AVATAR_MAX_BYTES } from '@app/contract'
import { Button, Flex, Typography, Upload } from 'antd'
import { useT } from '../../i18n/define.ts'
import { problemText } from '../../ui/form-rules.ts'
import { checkImageFile, IMAGE_TYPES } from '../../ui/image-file.ts'
import { UserAvatar } from '../../ui/UserAvatar.tsx'
import { useUploadAvatar } from './settings.api.ts'
import { settingsMessages } from './settings.i18n.ts'

/**
 * The avatar as a form control: its value is the uploaded image's `/files/…` path (or null). A chosen
 * file is checked here, uploaded without saving, and previewed; saving the profile keeps it.
 */
export function AvatarField({
  value,
  onChange,
  name,
  onProblem,
}: {
  value?: string | null
  onChange?: (path: string | null) => void
  name: string
  onProblem: (message: string) => void
}) {
  const t = useT(settingsMessages)
  const upload = useUploadAvatar()

  const onChoose = (file: File) => {
    const problem = checkImageFile(file, AVATAR_MAX_BYTES, 'validation.image.tooLarge1mb')
    if (problem) onProblem(problemText(problem))
    else
      upload.mutate(file, {
        onSuccess: ({ data }) => onChange?.(data.avatar),
        onError: (error) => onProblem(error.message),
      })
    // The file is sent by the mutation above, never by antd's own request.
    return false
  }

  return (
    <Flex align="center" gap={16} wrap>
      <UserAvatar src={value ?? null} name={name} size={72} />
      <Flex vertical gap={6} style={{ minWidth: 0, flex: '1 1 200px' }}>
        <Flex gap={8} wrap>
          <Upload accept={IMAGE_TYPES.join(',')} showUploadList={false} beforeUpload={onChoose}>
            <Button icon={<UploadOutlined />} loading={upload.isPending}>
              {value ? t('profile.avatarChange') : t('profile.avatarUpload')}
            </Button>
          </Upload>
          {value ? (
            <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)} disabled={upload.isPending}>
              {t('profile.avatarRemove')}
            </Button>
          ) : null}
        </Flex>
        <Typography.Text type="secondary">{t('profile.avatarHint')}</Typography.Text>
      </Flex>
    </Flex>
  )
}
