import { EnvironmentOutlined, SearchOutlined } from '@ant-design/icons'
import type { SearchResult } from '@app/contract'
import { AutoComplete, Flex, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useT } from '../../i18n/define.ts'
import { TextInput } from '../../ui/inputs.ts'
import { searchPlaces } from './maps.api.ts'
import { mapsMessages } from './maps.i18n.ts'

/** Search a place: the map's own points, then the geocoder's places (through the server). */
export function PlaceSearch({ mapId, onPick }: { mapId: string; onPick: (result: SearchResult) => void }) {
  const t = useT(mapsMessages)
  const [text, setText] = useState('')
  const [results, setResults] = useState<SearchResult[]>([])

  useEffect(() => {
    const query = text.trim()
    if (query.length < 2) {
      setResults([])
      return
    }
    let cancelled = false
    const timer = setTimeout(() => {
      searchPlaces(mapId, query).then(
        (found) => {
          if (!cancelled) setResults(found)
        },
        () => {
          if (!cancelled) setResults([])
        },
      )
    }, 250)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [text, mapId])

  return (
    <AutoComplete
      value={text}
      onChange={setText}
      style={{ width: '100%' }}
      notFoundContent={text.trim().length >= 2 ? t('editor.noResults') : null}
      options={results.map((result, index) => ({
        value: `${index}`,
        label: (
          <Flex gap={8} align="flex-start">
            <EnvironmentOutlined style={{ marginTop: 4 }} />
            <Flex vertical>
              <span>{result.name}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {result.source === 'point' ? t('editor.fromMap') : t('editor.place')}
                {result.detail ? ` · ${result.detail}` : ''}
              </Typography.Text>
            </Flex>
          </Flex>
        ),
      }))}
      onSelect={(value: string) => {
        const result = results[Number(value)]
        if (result) onPick(result)
        setText('')
        setResults([])
      }}
    >
      <TextInput
        prefix={<SearchOutlined />}
        placeholder={t('editor.searchPlaceholder')}
        aria-label={t('editor.searchPlaceholder')}
        allowClear
      />
    </AutoComplete>
  )
}
