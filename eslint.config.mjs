// ESLint (flat config) with typescript-eslint's recommended rules over the TypeScript sources of
// every package; `pnpm lint` runs it with knip (knip.json).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/generated/**', '**/test-results/**', 'bench/**', '**/*.cjs'] },
  { files: ['**/*.ts'], extends: [js.configs.recommended, ...tseslint.configs.recommended] },
  {
    files: ['**/*.ts'],
    rules: {
      // `_name` marks a binding kept on purpose (destructuring a field away, a parameter of a fixed signature).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
);
