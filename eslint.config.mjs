import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const PROCESS_ENV = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read configuration through loadConfig(env); only composition roots touch process.env.',
};
const NEW_ROUTER = {
  selector: "NewExpression[callee.name='Router']",
  message: 'Make routers with createRouter() (src/admin/http/router.ts): paths match case-sensitively (SPEC §2.1).',
};

export default tseslint.config(
  { ignores: ['.scratch/**', '.stryker-tmp/**', 'reports/**', 'dist/**', 'node_modules/**', '.data/**', 'uploads/**', 'bench/results/**', 'console/dist/**', 'explorer/dist/**', 'api-docs/dist/**', 'client/dist/**', 'src/admin/graphql/generated/**', 'console/src/api/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // CommonJS tool configuration (dependency-cruiser's rules).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', PROCESS_ENV, NEW_ROUTER],
    },
  },
  {
    files: ['src/admin/http/router.ts'],
    rules: { 'no-restricted-syntax': ['error', PROCESS_ENV] },
  },
  {
    // Composition roots read the environment (a game server's example and the console's Vite config among them); local-services hands it (PATH) to child processes.
    files: ['src/cli.ts', 'src/healthcheck.ts', 'src/local-services/**/*.ts', 'src/bin/**/*.ts', 'knexfile.ts', 'console/vite.config.ts', 'test/**/*.ts', 'bench/**/*.ts', 'client/examples/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', NEW_ROUTER] },
  },
);
