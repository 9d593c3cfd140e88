import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

// Built to static files that the HTTP role serves under /console (src/admin/console/console-app.ts).
// `npm run dev` runs its dev server, which sends the API's paths to the HTTP role on HTTP_PORT.
const api = `http://127.0.0.1:${process.env.HTTP_PORT ?? 3000}`;
export default defineConfig({
  base: '/console/',
  plugins: [preact()],
  build: { outDir: 'dist', emptyOutDir: true, assetsInlineLimit: 0 },
  server: { proxy: { '/graphql': api, '/api': api, '/uploads': api } },
});
