import react from '@vitejs/plugin-react'
import { defineProject } from 'vitest/config'

export default defineProject({
  plugins: [react()],
  // ui/inputs.ts takes antd's fields from antd/es/… so that the browser build loads only those; Node loads
  // `antd` itself from antd/lib, so the tests take the fields from there too: one copy of antd and of its
  // contexts (the form item's status, the config provider) in the tests as in the browser.
  resolve: { alias: [{ find: /^antd\/es\//, replacement: 'antd/lib/' }] },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    // A worker runs its files one after another in one window and module graph instead of a fresh jsdom
    // and a fresh import of the app per file: the project's time about halves (bench/README.md "Test suite
    // time"). src/test-setup.ts resets what a file may leave (storage, mounted trees, language, stubs).
    isolate: false,
  },
})
