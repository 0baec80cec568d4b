import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons'
import { EditorContent, useEditor, useEditorState } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { Button, Flex, Popover, Tooltip, theme } from 'antd'
import { useState } from 'react'
import { useT } from '../../i18n/define.ts'
import { TextInput } from '../../ui/inputs.ts'
import { notificationsMessages } from './notifications.i18n.ts'

/**
 * The notification's rich text (TipTap, a maintained ProseMirror editor). This module is loaded only when
 * the compose form opens. It hands out HTML; the server sanitises it before storing (docs/notifications.md).
 */
export function RichEditor({
  value,
  onChange,
  id,
}: {
  value?: string
  onChange?: (html: string) => void
  id?: string
}) {
  const t = useT(notificationsMessages)
  const { token } = theme.useToken()
  const [link, setLink] = useState('')
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] } })],
    content: value ?? '',
    onUpdate: ({ editor }) => onChange?.(editor.isEmpty ? '' : editor.getHTML()),
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': t('form.content'),
        'data-testid': 'notification-content',
        style: 'min-height: 160px; outline: none; padding: 8px 11px;',
      },
    },
  })
  const state = useEditorState({
    editor,
    selector: ({ editor }) => ({
      bold: editor?.isActive('bold') ?? false,
      italic: editor?.isActive('italic') ?? false,
      underline: editor?.isActive('underline') ?? false,
      strike: editor?.isActive('strike') ?? false,
      bullet: editor?.isActive('bulletList') ?? false,
      ordered: editor?.isActive('orderedList') ?? false,
      h2: editor?.isActive('heading', { level: 2 }) ?? false,
    }),
  })
  if (!editor) return null
  const chain = () => editor.chain().focus()
  const tool = (key: string, label: string, icon: React.ReactNode, active: boolean, run: () => void) => (
    <Tooltip key={key} title={label}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        icon={icon}
        aria-label={label}
        aria-pressed={active}
        onClick={run}
      />
    </Tooltip>
  )
  const applyLink = () => {
    const href = link.trim()
    if (href) chain().extendMarkRange('link').setLink({ href }).run()
    else chain().extendMarkRange('link').unsetLink().run()
    setLink('')
  }
  return (
    <div
      style={{
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
      }}
    >
      <Flex gap={2} wrap style={{ borderBottom: `1px solid ${token.colorBorderSecondary}`, padding: 4 }}>
        <Button
          size="small"
          type={state?.h2 ? 'primary' : 'text'}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
          aria-label={t('editor.heading')}
        >
          H
        </Button>
        {tool('b', t('editor.bold'), <BoldOutlined />, state?.bold ?? false, () => chain().toggleBold().run())}
        {tool('i', t('editor.italic'), <ItalicOutlined />, state?.italic ?? false, () => chain().toggleItalic().run())}
        {tool('u', t('editor.underline'), <UnderlineOutlined />, state?.underline ?? false, () =>
          chain().toggleUnderline().run(),
        )}
        {tool('s', t('editor.strike'), <StrikethroughOutlined />, state?.strike ?? false, () =>
          chain().toggleStrike().run(),
        )}
        {tool('ul', t('editor.bulletList'), <UnorderedListOutlined />, state?.bullet ?? false, () =>
          chain().toggleBulletList().run(),
        )}
        {tool('ol', t('editor.orderedList'), <OrderedListOutlined />, state?.ordered ?? false, () =>
          chain().toggleOrderedList().run(),
        )}
        <Popover
          trigger="click"
          content={
            <Flex gap={4}>
              <TextInput
                size="small"
                placeholder="https://"
                value={link}
                onChange={(e) => setLink(e.target.value)}
                onPressEnter={applyLink}
                aria-label={t('editor.link')}
              />
              <Button size="small" type="primary" onClick={applyLink}>
                {t('editor.apply')}
              </Button>
            </Flex>
          }
        >
          <Button size="small" type="text" icon={<LinkOutlined />} aria-label={t('editor.link')} />
        </Popover>
      </Flex>
      <EditorContent editor={editor} />
    </div>
  )
}
