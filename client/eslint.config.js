// ESLint (`npm run lint`, part of `make lint`): typescript-eslint's type-aware recommended rules,
// the rules of hooks and the React Compiler's checks (eslint-plugin-react-hooks), the
// accessibility rules of jsx-a11y and React's own basics. Formatting is Prettier's job
// (`npm run format:check`), so eslint-config-prettier switches off every rule that would fight it.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // Generated from the Rust crate `contracts` by `make contracts`.
  { ignores: ['dist/', 'coverage/', 'src/api/contracts/'] },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [
      react.configs.flat.recommended,
      react.configs.flat['jsx-runtime'],
      reactHooks.configs.flat['recommended-latest'],
      jsxA11y.flatConfigs.recommended,
    ],
    languageOptions: { globals: globals.browser },
    settings: { react: { version: 'detect' } },
  },
  // The build and message scripts run in Node.
  {
    files: ['*.{js,ts}', 'scripts/**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  prettier,
);
