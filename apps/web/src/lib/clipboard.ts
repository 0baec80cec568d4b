/**
 * Puts text on the clipboard. The text may still be on its way (a key's secret is fetched when its
 * copy button is pressed): Safari only lets a page write to the clipboard within the click itself, so
 * the write starts at once with a promised blob where the browser allows that. Older or insecure
 * contexts fall back to a hidden text area. Rejects when the text could not be fetched or copied.
 */
export async function copyText(text: string | Promise<string>): Promise<void> {
  const pending = Promise.resolve(text)
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard
  if (clipboard?.write && typeof ClipboardItem !== 'undefined') {
    try {
      const blob = pending.then((value) => new Blob([value], { type: 'text/plain' }))
      await clipboard.write([new ClipboardItem({ 'text/plain': blob })])
      return
    } catch {
      // Fetching failed (rethrown below) or this browser wants a plain string: try the simpler ways.
    }
  }
  const value = await pending
  if (clipboard?.writeText) {
    try {
      await clipboard.writeText(value)
      return
    } catch {
      // Not allowed here (an insecure origin, an unfocused page): fall back below.
    }
  }
  copyWithTextArea(value)
}

function copyWithTextArea(value: string) {
  const area = document.createElement('textarea')
  area.value = value
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.append(area)
  area.select()
  const copied = document.execCommand('copy')
  area.remove()
  if (!copied) throw new Error('copy refused')
}
