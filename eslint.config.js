// One lint config for the whole repo. The layer rules of architecture.md §2 are
// enforced here (as VS Code does with its layer folders), not by convention.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const noElectron = {
  name: 'electron',
  message: 'Only src/main/electron and src/preload may import electron.',
};
const pattern = (group, message) => ({ group, message });

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'out/**',
      'dist/**',
      'release/**',
      '**/test-results/**',
      'bench/results/**',
      'coverage/**',
      '.ci/node/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'] } },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      'vue/multi-word-component-names': 'off',
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [
            pattern(['node:*'], 'src/shared is pure TypeScript: no node:* modules.'),
            pattern(
              ['**/main/**', '**/server/**', '**/renderer/**', '**/preload/**'],
              'src/shared imports nothing outside itself.',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [
            pattern(['**/main/**', '**/renderer/**', '**/preload/**'], 'src/server imports src/shared only.'),
          ],
        },
      ],
    },
  },
  {
    files: ['src/main/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [
            pattern(
              ['**/main/electron/**', '**/main/browser-shell/**', '**/renderer/**', '**/preload/**'],
              'src/main/core imports shared, node:* and npm libraries only.',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['src/main/browser-shell/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [
            pattern(['**/main/electron/**', '**/renderer/**'], 'The browser shell imports core and shared.'),
          ],
        },
      ],
    },
  },
  {
    // As Heroic does: raw ipcMain/ipcRenderer only in the two helper files, so every
    // message goes through the one wrapper that checks senders and arguments.
    files: ['src/main/**/*.ts', 'src/preload/**/*.ts'],
    ignores: ['src/main/electron/ipc.ts', 'src/preload/index.ts', 'src/main/core/**', 'src/main/browser-shell/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              importNames: ['ipcMain', 'ipcRenderer'],
              message: 'Use src/main/electron/ipc.ts (main) or src/preload/index.ts (preload).',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { property: 'ipcMain', message: 'Use src/main/electron/ipc.ts.' },
        { property: 'ipcRenderer', message: 'Use src/preload/index.ts.' },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.ts', 'src/renderer/**/*.vue'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [
            pattern(
              ['**/main/**', '**/server/**', '**/preload/**'],
              'The renderer reaches main only through window.fleetdesk (src/renderer/src/api).',
            ),
            pattern(['node:*'], 'The renderer is sandboxed: no node:* modules.'),
          ],
        },
      ],
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  prettier,
);
