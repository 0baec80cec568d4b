import { type Campaign, TRANSLATION_LANGS } from '@app/contract'
import { useQuery } from '@tanstack/react-query'
import { Image, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useConfirmedChange } from '../../api/use-confirmed-change.ts'
import { useT } from '../../i18n/define.ts'
import { ListFrame, useListPaging } from '../../ui/ListFrame.tsx'
import { EditDeleteButtons, useEditDialog } from '../../ui/RowActions.tsx'
import { useDocumentTitle } from '../../ui/use-document-title.ts'
import { useListParam } from '../../ui/use-list-params.ts'
import { Verbatim } from '../../ui/Verbatim.tsx'
import { useLanguageName } from '../shell/LanguageTabs.tsx'
import { CampaignFormModal } from './CampaignFormModal.tsx'
import { CAMPAIGNS_PAGE_SIZE, campaignsQuery, useDeleteCampaign } from './campaigns.api.ts'
import { campaignsMessages } from './campaigns.i18n.ts'

function statusOf(campaign: Campaign, today: string): 'active' | 'upcoming' | 'ended' {
  if (campaign.active) return 'active'
  return campaign.start_date > today ? 'upcoming' : 'ended'
}

/**
 * /administrator/campaigns: the dashboard banners, searched by code or name and paged by the server
 * (page and search in the URL), created, edited and deleted in place.
 */
export function CampaignsPage() {
  const t = useT(campaignsMessages)
  useDocumentTitle(t('title'))
  const confirm = useConfirmedChange()
  const paging = useListPaging(CAMPAIGNS_PAGE_SIZE)
  const [keyword, setKeyword] = useListParam('keyword')
  const list = useQuery(campaignsQuery(paging.page, paging.pageSize, keyword))
  const remove = useDeleteCampaign()
  const dialog = useEditDialog<Campaign>()
  const today = new Date().toISOString().slice(0, 10)

  const confirmDelete = (campaign: Campaign) =>
    confirm({
      title: t('delete.title', { code: campaign.code }),
      content: t('delete.content'),
      okText: t('delete.button'),
      run: () => remove.mutateAsync(campaign.id),
      done: t('delete.done'),
      failed: t('delete.failed'),
    })

  const languageName = useLanguageName()
  const colors = { active: 'green', upcoming: 'blue', ended: 'default' } as const
  const columns: ColumnsType<Campaign> = [
    {
      key: 'image',
      title: t('columns.image'),
      render: (_v, c) =>
        c.file ? (
          // A thumbnail without antd's preview: its clickable wrapper had no name (axe: aria-command-name).
          <Image
            src={c.file}
            width={96}
            height={40}
            preview={false}
            style={{ objectFit: 'cover', borderRadius: 4 }}
            alt=""
          />
        ) : null,
    },
    {
      key: 'code',
      title: t('columns.code'),
      dataIndex: 'code',
      render: (code: string) => <Typography.Text code>{code}</Typography.Text>,
    },
    {
      key: 'name',
      title: t('columns.name'),
      render: (_v, c) => {
        // The languages the campaign also has a banner in (its other readers see the English one).
        const others = TRANSLATION_LANGS.filter((lang) => c.translations[lang])
        return (
          <>
            <Verbatim>{c.name}</Verbatim>
            {others.length > 0 ? (
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {t('alsoIn', { languages: others.map(languageName).join(', ') })}
              </Typography.Text>
            ) : null}
          </>
        )
      },
    },
    {
      key: 'dates',
      title: t('columns.dates'),
      render: (_v, c) => (
        <span style={{ whiteSpace: 'nowrap' }}>{t('dates', { from: c.start_date, to: c.end_date })}</span>
      ),
    },
    {
      key: 'url',
      title: t('columns.url'),
      dataIndex: 'url',
      render: (url: string) => (
        <Typography.Link href={url} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
          {url}
        </Typography.Link>
      ),
    },
    {
      key: 'status',
      title: t('columns.status'),
      render: (_v, c) => {
        const status = statusOf(c, today)
        return <Tag color={colors[status]}>{t(`status.${status}`)}</Tag>
      },
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_v, c) => (
        <EditDeleteButtons
          edit={{ label: t('edit'), aria: t('editOf', { code: c.code }), onClick: () => dialog.edit(c) }}
          remove={{
            label: t('delete.button'),
            aria: t('delete.of', { code: c.code }),
            onClick: () => confirmDelete(c),
          }}
        />
      ),
    },
  ]

  return (
    <ListFrame<Campaign>
      title={t('title')}
      intro={t('intro')}
      create={{ label: t('create'), onClick: dialog.create }}
      search={{ value: keyword, placeholder: t('search'), onSearch: setKeyword }}
      query={list}
      paging={paging}
      columns={columns}
      rowKey="id"
      empty={keyword ? t('noMatch', { keyword }) : t('empty')}
      total={(total) => t('total', { count: total })}
    >
      <CampaignFormModal open={dialog.isOpen} campaign={dialog.editing} onClose={dialog.close} />
    </ListFrame>
  )
}
