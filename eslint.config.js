// One lint config for the whole repo. The layer rules of architecture.md §2 are
// enforced here (as VS Code does with its layer folders), not by convention;
// test/lint/layer-rules.test.ts proves each one fails on a violation.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const ROOT = import.meta.dirname;

/**
 * Who may import whom inside src (architecture.md §2), checked on the resolved
 * file, so `../../server`, `../server/index` and a type-only import are all the
 * same edge. Each layer lists what it may import; every other folder of src is
 * forbidden to it. npm packages and node:* are governed by `bareModules` below.
 */
const layers = [
  { folder: 'src/shared', may: [], why: 'src/shared is pure TypeScript and imports nothing outside itself.' },
  { folder: 'src/server', may: ['src/shared'], why: 'src/server imports src/shared only.' },
  {
    folder: 'src/main/core',
    may: ['src/shared'],
    why: 'src/main/core imports shared, node:* and npm libraries only; the shells hand it the demo service (src/main/demo).',
  },
  {
    folder: 'src/main/ipc',
    may: ['src/main/core', 'src/shared'],
    why: 'src/main/ipc serves both shells: it imports core and shared only.',
  },
  {
    folder: 'src/main/electron',
    may: ['src/main/core', 'src/main/ipc', 'src/main/demo', 'src/shared'],
    why: 'The Electron glue imports core, the IPC wrapper, the demo service and shared; never src/server, the renderer or the browser shell.',
  },
  {
    folder: 'src/main/browser-shell',
    may: ['src/main/core', 'src/main/ipc', 'src/main/demo', 'src/shared'],
    why: 'The browser shell imports core, the IPC wrapper, the demo service and shared.',
  },
  {
    folder: 'src/main/demo',
    may: ['src/main/core', 'src/server', 'src/shared'],
    why: 'src/main/demo is the one place the app reaches src/server (lazily): it imports server, core and shared.',
  },
  { folder: 'src/preload', may: ['src/shared'], why: 'src/preload imports src/shared only.' },
  {
    folder: 'src/renderer',
    may: ['src/shared'],
    why: 'The renderer reaches main only through window.fleetdesk (src/renderer/src/api); it imports shared for types and pure helpers.',
  },
];
const layerZones = layers.map(({ folder, may, why }) => ({
  target: folder,
  from: 'src',
  except: [folder, ...may].map((f) => `./${f.slice('src/'.length)}`),
  message: why,
}));

const electronOnlyIn = 'Only src/main/electron and src/preload/index.ts import electron.';
const noElectron = { name: 'electron', message: electronOnlyIn };
const noNode = (where) => ({ group: ['node:*'], message: `${where}: no node:* modules.` });
// As Heroic does: raw ipcMain/ipcRenderer only in the two helper files, so every
// message goes through the one wrapper that checks senders and arguments.
const noRawIpcMain = {
  name: 'electron',
  importNames: ['ipcMain', 'ipcRenderer'],
  message: 'Use src/main/electron/ipc.ts (main) or src/preload/index.ts (preload).',
};

/**
 * npm packages, node:* and electron per layer. Flat config replaces a rule's
 * options file by file, so each file falls in exactly one of these.
 */
const bareModules = [
  { files: ['src/shared/**'], paths: [noElectron], patterns: [noNode('src/shared is pure TypeScript')] },
  { files: ['src/renderer/**'], paths: [noElectron], patterns: [noNode('The renderer is sandboxed')] },
  {
    files: [
      'src/server/**',
      'src/main/core/**',
      'src/main/ipc/**',
      'src/main/browser-shell/**',
      'src/main/demo/**',
    ],
    paths: [noElectron],
  },
  {
    files: ['src/main/electron/**', 'src/main/index.ts'],
    ignores: ['src/main/electron/ipc.ts'],
    paths: [noRawIpcMain],
  },
  {
    // The browser preload is bundled for a page and the Electron one is sandboxed: neither
    // may pull in a package; only index.ts, the Electron preload, requires electron.
    files: ['src/preload/**'],
    ignores: ['src/preload/index.ts'],
    patterns: [{ regex: '^(?![./])', message: 'src/preload imports src/shared only.' }],
  },
  {
    files: ['src/preload/index.ts'],
    patterns: [
      { regex: '^(?![./]|electron$)', message: 'src/preload/index.ts imports electron and src/shared only.' },
    ],
  },
].map(({ files, ignores, paths = [], patterns = [] }) => ({
  files,
  ...(ignores ? { ignores } : {}),
  rules: { 'no-restricted-imports': ['error', { paths, patterns }] },
}));

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
    // Type-aware, for the two bugs types can see and tests rarely do: a promise nobody awaits or
    // catches (its rejection is lost or crashes the process), and a promise where a callback's
    // return is ignored (an async listener or handler whose errors go nowhere).
    // The two programs by name rather than projectService: tsconfig.json is a solution file, and the
    // project service linted this tree at about 2.5 times the CPU (202 s against 78 s).
    files: ['**/*.ts', '**/*.vue'],
    languageOptions: {
      parserOptions: { project: ['./tsconfig.node.json', './tsconfig.web.json'], tsconfigRootDir: ROOT },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src/**/*.ts', 'src/**/*.vue'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.vue', '.js', '.mjs', '.json'] })],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: layerZones }] },
  },
  ...bareModules,
  {
    files: ['src/main/**/*.ts', 'src/preload/**/*.ts'],
    ignores: ['src/main/electron/ipc.ts', 'src/preload/index.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { property: 'ipcMain', message: 'Use src/main/electron/ipc.ts.' },
        { property: 'ipcRenderer', message: 'Use src/preload/index.ts.' },
        {
          object: 'AbortSignal',
          property: 'any',
          message:
            'Node keeps every composite of a long-lived signal (nodejs/node#55351): use src/main/core/api/request-signal.ts.',
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.ts', 'src/renderer/**/*.vue'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // CommonJS on purpose (scripts/check-node.cjs must run under any Node): require is how it imports.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  prettier,
);
