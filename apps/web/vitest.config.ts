import react from '@vitejs/plugin-react'
import { defineProject } from 'vitest/config'

export default defineProject({
  plugins: [react()],
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
