import { defineConfig } from 'vitest/config';

// Browser tests: a real server process on a fresh embedded database, driven through Debian's Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
