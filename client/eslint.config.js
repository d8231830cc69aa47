// ESLint (`npm run lint`, part of `make lint`): typescript-eslint's type-aware recommended rules,
// the rules of hooks (eslint-plugin-react-hooks), the accessibility rules of jsx-a11y and React's
// own basics. Formatting is Prettier's job (`npm run format:check`), so eslint-config-prettier
// switches off every rule that would fight it.
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
    extends: [react.configs.flat.recommended, react.configs.flat['jsx-runtime'], jsxA11y.flatConfigs.recommended],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The rules of hooks. The plugin's `recommended` preset adds the React Compiler's checks
      // (refs read during render, props mutated, setState in effects): this client is not
      // compiled by it, and those checks cost two thirds of the lint time.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // react-aria's `autoFocus` (Button, TextField) moves focus into a dialog or panel the user
      // just opened, as the dialog pattern asks; on plain DOM elements it stays forbidden.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      // A labelled region that scrolls (a wide table, the PDF pages) takes focus so the keyboard
      // can scroll it (WCAG 2.1.1; axe's scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': [
        'error',
        { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true },
      ],
    },
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
