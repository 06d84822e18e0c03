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
    // expect.poll's own default (1 s) is shorter than a page reload takes on a busy 2-core CI machine: an
    // assertion after a reload failed there with the list not yet fetched
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
