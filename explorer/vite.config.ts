import { defineConfig } from 'vite';

// Built to static files that the HTTP role serves: index.html for a browser's GET /graphql, the
// hashed assets under /graphql/explorer/ (src/admin/graphql/graphql-explorer.ts).
export default defineConfig({
  base: '/graphql/explorer/',
  build: { outDir: 'dist', emptyOutDir: true, assetsInlineLimit: 0, chunkSizeWarningLimit: 4096 },
});
