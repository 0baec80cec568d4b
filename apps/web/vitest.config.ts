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
    // A worker runs its files one after another without importing React, antd and the app again for
    // each (measured: 268 s → 142 s for this project on 2 cores); test-setup.ts gives each file an
    // empty storage and English, and each test renders with a QueryClient of its own (test/fake-server.tsx).
    isolate: false,
  },
})
