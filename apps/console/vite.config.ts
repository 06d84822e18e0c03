import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Long-lived vendor chunks, so a change to the console does not invalidate the libraries' cache. */
const vendorChunks = [
  { name: 'vendor-mantine', test: /node_modules[\\/]@mantine[\\/]/ },
  { name: 'vendor-icons', test: /node_modules[\\/]@tabler[\\/]/ },
  { name: 'vendor', test: /node_modules[\\/]/ },
];

// The server serves the built console from apps/console/dist; `base: './'` keeps asset paths relative.
export default defineConfig({
  base: './',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting: { groups: vendorChunks } } },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
});
