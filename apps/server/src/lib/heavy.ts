/**
 * Libraries that cost 10–30 MiB of memory each once loaded and that only a few requests need
 * (spreadsheets, PDFs, image re-encoding and type sniffing, HTML sanitising). They are imported on
 * first use rather than at start, so an idle server stays small (bench/README.md "Idle memory and the
 * statistics queries"). Each loads once; later calls get the same module.
 */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () => {
    loading ??= load()
    return loading
  }
}

export const loadExcel = once(async () => (await import('exceljs')).default)
export const loadPdfKit = once(async () => (await import('pdfkit')).default)
export const loadSharp = once(async () => (await import('sharp')).default)
export const loadFileType = once(() => import('file-type'))
export const loadSanitizeHtml = once(async () => (await import('sanitize-html')).default)
