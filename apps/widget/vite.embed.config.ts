import { defineConfig } from 'vite';

// embed.js: one self-contained classic script (an IIFE) at a stable address, loaded with <script async> by
// any site. Built after frame.html into the same dist/ without emptying it.
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2018',
    lib: { entry: 'src/embed/embed.ts', name: 'HiwarEmbed', formats: ['iife'], fileName: () => 'embed.js' },
  },
});
