import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'console',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // Component tests render the whole console in jsdom; on a busy 2-core machine one can take several seconds.
    testTimeout: 60_000,
  },
});
