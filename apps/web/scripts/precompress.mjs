// Writes .br and .gz beside every text asset of the build, so the server sends them pre-compressed
// (@fastify/static `preCompressed`) without compressing on each request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist')
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/
const MIN_BYTES = 1024

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* files(full)
    else yield full
  }
}

let count = 0
for await (const file of files(dist)) {
  if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue
  const data = await readFile(file)
  await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }))
  await writeFile(
    `${file}.br`,
    brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
  )
  count++
}
console.log(`precompressed ${count} files in ${path.relative(process.cwd(), dist) || dist}`)
