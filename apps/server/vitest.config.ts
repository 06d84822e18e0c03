import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // integration tests start real servers on real databases: give them room and keep files apart
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
