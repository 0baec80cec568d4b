// Bundles the server into dist/main.js for `npm run start:dist` (production without tsx).
// Workspace packages are bundled (they are TypeScript sources); npm dependencies stay external,
// because several carry native, WASM or data files (PGlite, argon2, sharp).
import { build } from 'esbuild'

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'info',
  plugins: [
    {
      name: 'externalize-npm-dependencies',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
        )
      },
    },
  ],
})
