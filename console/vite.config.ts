import { babelOptimizerPlugin } from '@graphql-codegen/client-preset';
import preact from '@preact/preset-vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// Built to static files that the HTTP role serves under /console (src/admin/console/console-app.ts).
// `npm run dev` runs its dev server, which sends the API's paths to the HTTP role on HTTP_PORT.
const api = `http://127.0.0.1:${process.env.HTTP_PORT ?? 3000}`;
// Each `graphql(…)` call becomes an import of its generated document, so the bundle carries each
// operation once (not the lookup table of src/api/generated/gql.ts).
const generated = fileURLToPath(new URL('./src/api/generated', import.meta.url));
export default defineConfig({
  base: '/console/',
  plugins: [preact({ babel: { plugins: [[babelOptimizerPlugin, { artifactDirectory: generated, gqlTagName: 'graphql' }]] } })],
  build: { outDir: 'dist', emptyOutDir: true, assetsInlineLimit: 0 },
  server: { proxy: { '/graphql': api, '/api': api, '/uploads': api } },
});
