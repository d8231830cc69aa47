// ESLint for the browser tests (`npm run lint`, part of `make lint`): the recommended rules of
// @eslint/js, which catch a name used but never defined or imported (a renamed helper left
// behind once broke a whole test file only when it ran). The tests run in Node; the callbacks
// given to `page.evaluate` and `page.waitForFunction` run in the page, so both sets of globals.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['artifacts/'] },
  js.configs.recommended,
  {
    files: ['**/*.js'],
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      // An unused catch binding or argument named `_` is a choice, not a slip.
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
];
