import type { ReactNode } from 'react'

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/g
// Punctuation that ends a sentence after an address is not part of it.
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/**
 * Plain text with its http(s) addresses turned into links that open in the same tab. Nothing else in
 * the text is interpreted, so an e-mail body cannot inject markup or `javascript:` links.
 */
export function LinkifiedText({ text }: { text: string }) {
  const parts: ReactNode[] = []
  let done = 0
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index
    const address = match[0].replace(TRAILING_PUNCTUATION, '')
    if (!isWebAddress(address)) continue
    parts.push(text.slice(done, start))
    parts.push(
      <a key={start} href={address} rel="noreferrer">
        {address}
      </a>,
    )
    done = start + address.length
  }
  parts.push(text.slice(done))
  return <>{parts}</>
}
