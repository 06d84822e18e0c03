import { defineConfig } from 'vite';

// frame.html and its bundle. The server serves dist/ at /widget/, so `base: './'` keeps asset paths relative.
// embed.js is a separate classic-script build (vite.embed.config.ts) that must not share chunks with this one.
export default defineConfig({
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    rolldownOptions: { input: 'frame.html' },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/widget/api': 'http://127.0.0.1:8080' } },
});
