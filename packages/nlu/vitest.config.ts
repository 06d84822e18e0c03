import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'nlu', include: ['src/**/*.test.ts'] } });
