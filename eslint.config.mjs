import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'uploads/**', 'bench/results/**', 'console/dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through loadConfig(env); only composition roots touch process.env.',
        },
      ],
    },
  },
  {
    // Composition roots read the environment; local-services hands it (PATH) to child processes.
    files: ['src/cli.ts', 'src/local-services/**/*.ts', 'src/bin/**/*.ts', 'knexfile.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
