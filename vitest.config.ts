import { defineConfig } from 'vitest/config';

// One run covers every workspace that has its own vitest.config.ts (unit and integration tests).
// The browser tests live in e2e/ and run separately (`npm run test:e2e`).
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'scripts/vitest.config.ts'],
  },
});
