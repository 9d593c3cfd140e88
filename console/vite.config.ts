import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

// Built to static files that the HTTP role serves under /console (src/admin/console/console-app.ts).
export default defineConfig({
  base: '/console/',
  plugins: [preact()],
  build: { outDir: 'dist', emptyOutDir: true, assetsInlineLimit: 0 },
  server: { proxy: { '/graphql': 'http://127.0.0.1:3000', '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' } },
});
