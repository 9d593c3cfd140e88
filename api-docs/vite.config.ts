import { defineConfig } from 'vite';

// Built to static files that the HTTP role serves: index.html for GET /docs, the hashed assets under
// /docs/assets/ (src/admin/openapi/api-docs-app.ts).
export default defineConfig({
  base: '/docs/',
  build: { outDir: 'dist', emptyOutDir: true, assetsInlineLimit: 0, chunkSizeWarningLimit: 4096 },
});
