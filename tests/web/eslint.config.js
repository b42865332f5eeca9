// ESLint flat config for the web UI: plain browser ES modules in src/web, no build step.
// Run through tests/web/lint.sh (CTest web_lint), from the repository root:
//   bash tests/web/lint.sh
import js from '@eslint/js';
import globals from 'globals';

export default [
  js.configs.recommended,
  {
    files: ['src/web/**/*.js'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: globals.browser,
    },
  },
];
