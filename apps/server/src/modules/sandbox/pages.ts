// The sandbox's pages: plain server-rendered HTML with forms (no script, so the portal's CSP holds), in
// the light or dark scheme the tester's browser prefers. They stand in for a gateway's own pages.

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

const STYLE = `
:root { color-scheme: light dark; --bg:#f4f6fa; --card:#fff; --text:#1f2328; --muted:#57606a; --line:#d0d7de; --accent:#005baa; }
@media (prefers-color-scheme: dark) { :root { --bg:#0d1117; --card:#161b22; --text:#e6edf3; --muted:#9da7b3; --line:#30363d; --accent:#58a6ff; } }
* { box-sizing: border-box; }
body { margin:0; font-family: system-ui, sans-serif; background: var(--bg); color: var(--text); line-height: 1.5; }
header { background: var(--accent); color: #fff; padding: 12px 24px; font-weight: 600; }
header small { font-weight: 400; opacity: .85; margin-left: 8px; }
main { max-width: 720px; margin: 24px auto; padding: 0 16px; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 20px; margin-bottom: 16px; }
h1 { font-size: 22px; margin: 0 0 12px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 6px 16px; margin: 0; }
dt { color: var(--muted); }
dd { margin: 0; font-weight: 500; word-break: break-all; }
fieldset { border: 1px solid var(--line); border-radius: 8px; padding: 12px 16px; margin: 16px 0; }
label { display: block; padding: 4px 0; }
button { font: inherit; padding: 8px 18px; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; }
button.secondary { background: transparent; color: var(--accent); }
table { width: 100%; border-collapse: collapse; font-size: 14px; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
.note { color: var(--muted); font-size: 14px; }
.error { border-color: #cf222e; }
form.inline { display: inline; }
`

export function page(input: { title: string; brand: string; lang?: string; body: string; status?: number }): string {
  return `<!doctype html><html lang="${escapeHtml(input.lang ?? 'en')}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(input.title)}</title><style>${STYLE}</style></head><body><header>${escapeHtml(input.brand)}<small>sandbox</small></header><main>${input.body}</main></body></html>`
}

export function definitionList(rows: [string, string][]): string {
  return `<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`
}

export function hidden(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('')
}

export function radios(name: string, options: [string, string][], checked: string): string {
  return options
    .map(
      ([value, label]) =>
        `<label><input type="radio" name="${escapeHtml(name)}" value="${escapeHtml(value)}"${value === checked ? ' checked' : ''}> ${escapeHtml(label)}</label>`,
    )
    .join('')
}
