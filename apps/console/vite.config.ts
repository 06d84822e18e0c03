import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server serves the built console from apps/console/dist; `base: './'` keeps asset paths relative.
// No hand-made vendor chunks: one chunk of every library would put all of Mantine in the first load, while
// the bundler's own splitting leaves each screen's components to the chunk of the route that uses them
// (screens load by route, `src/components/lazy-screen.tsx`). `npm run build` fails when the first load outgrows
// its budget (`scripts/check-bundle-size.mjs`).
export default defineConfig({
  base: './',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/widget': 'http://127.0.0.1:8080' } },
});
