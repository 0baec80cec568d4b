// A minimal static server for the baseline build: brotli when the client accepts it (as the portal's
// server does with its pre-compressed files), so both pages travel the same way.

import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import path from 'node:path'
import { brotliCompressSync } from 'node:zlib'

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
}

export function serveStatic(root, port) {
  const cache = new Map()
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    let file = path.join(root, decodeURIComponent(url.pathname))
    if (!file.startsWith(root)) return res.writeHead(403).end()
    if (url.pathname.endsWith('/')) file = path.join(file, 'index.html')
    try {
      let body = cache.get(file)
      if (!body) {
        body = brotliCompressSync(await readFile(file))
        cache.set(file, body)
      }
      res.writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'content-encoding': 'br',
        'cache-control': 'no-cache',
      })
      res.end(body)
    } catch {
      res.writeHead(404).end('not found')
    }
  })
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)))
}
