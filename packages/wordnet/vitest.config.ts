import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'wordnet', include: ['src/**/*.test.ts'] } });
