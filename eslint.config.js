// Lint rules, including the package boundaries of DESIGN.md: core imports nothing of server or web and no
// Node built-ins; web never imports server.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'os',
  'crypto',
  'http',
  'https',
  'child_process',
  'url',
  'stream',
];

// antd's pickers whose option lists slide in, by their own modules and the rc components under them; the web app
// takes them from components/still-pickers, which opens the lists in place (docs/views.md "A menu's first click").
const pickerModules = [
  'select',
  'auto-complete',
  'cascader',
  'tree-select',
  'date-picker',
  'time-picker',
  'picker',
].flatMap((m) => [`antd/*/${m}`, `antd/*/${m}/**`, `@rc-component/${m}`, `rc-${m}`]);
const stillPickers =
  'Import it from components/still-pickers (add it there first), which opens its list in place.';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/*.tsbuildinfo',
      'packages/web/src/i18n/locales/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ThrowStatement > Literal', message: 'Throw an AppError, not a string.' },
      ],
    },
  },
  {
    files: ['packages/core/src/**/*.ts'],
    ignores: ['packages/core/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@rowbase/server*', '@rowbase/web*', '**/server/**', '**/web/**'],
              message: 'core imports nothing from server or web.',
            },
            { group: nodeBuiltins, message: 'core is pure TypeScript: no Node built-ins.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@rowbase/server*', '**/server/**'], message: 'web never imports server.' },
            {
              group: pickerModules,
              message: stillPickers,
            },
          ],
          // Menus and option lists open in place (docs/views.md "A menu's first click").
          paths: [
            {
              name: 'antd',
              importNames: ['Dropdown', 'Popover', 'Popconfirm'],
              message: 'Import it from components/still-popups, which opens it in place.',
            },
            {
              name: 'antd',
              importNames: ['Select', 'AutoComplete', 'Cascader', 'TreeSelect', 'DatePicker', 'TimePicker'],
              message: stillPickers,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/src/components/still-popups.tsx', 'packages/web/src/components/still-pickers.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@rowbase/server*', '**/server/**'], message: 'web never imports server.' }] },
      ],
    },
  },
  {
    files: ['packages/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@rowbase/web*', '**/web/src/**'], message: 'server never imports web.' }] },
      ],
    },
  },
);
