import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer rules of architecture.md §2 as eslint.config.js enforces them:
 * each arrow the architecture forbids fails lint, and the arrows it allows pass.
 * Each case lints one import as if it were written in `file` (a file that need
 * not exist; its import is resolved from that folder to a real file).
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LAYER_RULES = new Set(['import-x/no-restricted-paths', 'no-restricted-imports']);

interface Case {
  readonly file: string;
  readonly code: string;
  /** The rule that must report it, or null: the import is legal. */
  readonly fails: 'import-x/no-restricted-paths' | 'no-restricted-imports' | null;
}

const paths = 'import-x/no-restricted-paths';
const bare = 'no-restricted-imports';
const forbidden = (file: string, code: string, rule: Case['fails'] = paths): Case => ({
  file,
  code,
  fails: rule,
});
const allowed = (file: string, code: string): Case => ({ file, code, fails: null });

const rules: Record<string, readonly Case[]> = {
  'src/main/core never imports src/server, the shells, the renderer or the preload': [
    forbidden('src/main/core/session/probe.ts', "import { startLocalService } from '../../../server';"),
    forbidden('src/main/core/probe.ts', "import type { ReadyInfo } from '../../server/local-service';"),
    forbidden('src/main/core/probe.ts', "export { startLocalService } from '../../server';"),
    forbidden('src/main/core/probe.ts', "const s = () => import('../../server');\nexport default s;"),
    forbidden('src/main/core/probe.ts', "import { setupIpc } from '../electron/ipc';"),
    forbidden('src/main/core/probe.ts', "import { app } from 'electron';", bare),
    forbidden(
      'src/main/core/probe.ts',
      "import { startBrowserShell } from '../browser-shell/browser-shell';",
    ),
    forbidden('src/main/core/probe.ts', "import { localDemoService } from '../demo/local-demo-service';"),
    forbidden('src/main/core/probe.ts', "import { createIpcRouter } from '../ipc/ipc-router';"),
    forbidden('src/main/core/probe.ts', "import { useFleetStore } from '../../renderer/src/stores/fleet';"),
    forbidden('src/main/core/probe.ts', "import { createSocketBridge } from '../../preload/socket-bridge';"),
    allowed(
      'src/main/core/session/probe.ts',
      "import { z } from 'zod';\nimport { readFile } from 'node:fs/promises';\nimport type { IpcEvent } from '../../../shared/ipc/contract';\nimport type { DemoService } from './demo-service';",
    ),
  ],
  'src/preload imports src/shared only, and electron only in index.ts': [
    forbidden(
      'src/preload/probe.ts',
      "import { BRIDGE_SOCKET_PATH } from '../main/browser-shell/browser-shell';",
    ),
    forbidden('src/preload/probe.ts', "import type { AppCore } from '../main/core/app-core';"),
    forbidden('src/preload/probe.ts', "import { startLocalService } from '../server';"),
    forbidden('src/preload/probe.ts', "import { api } from '../renderer/src/api';"),
    forbidden('src/preload/browser-probe.ts', "import { contextBridge } from 'electron';", bare),
    forbidden('src/preload/probe.ts', "import { z } from 'zod';", bare),
    forbidden('src/preload/index.ts', "import { readFileSync } from 'node:fs';", bare),
    allowed('src/preload/index.ts', "import { contextBridge, ipcRenderer } from 'electron';"),
    allowed(
      'src/preload/probe.ts',
      "import { hostFrameSchema } from '../shared/ipc/socket-frames';\nimport { createSocketBridge } from './socket-bridge';",
    ),
  ],
  'src/main/ipc serves both shells: core and shared only': [
    forbidden('src/main/ipc/probe.ts', "import { startLocalService } from '../../server';"),
    forbidden('src/main/ipc/probe.ts', "import { setupIpc } from '../electron/ipc';"),
    forbidden('src/main/ipc/probe.ts', "import { startBrowserShell } from '../browser-shell/browser-shell';"),
    forbidden('src/main/ipc/probe.ts', "import { useFleetStore } from '../../renderer/src/stores/fleet';"),
    forbidden('src/main/ipc/probe.ts', "import { ipcMain } from 'electron';", bare),
    allowed(
      'src/main/ipc/probe.ts',
      "import type { IpcHandlers } from '../core/ipc-handlers';\nimport { ipcMethods } from '../../shared/ipc/contract';",
    ),
  ],
  'src/main/electron imports core, the IPC wrapper, the demo service and shared': [
    forbidden('src/main/electron/probe.ts', "import { startLocalService } from '../../server';"),
    forbidden(
      'src/main/electron/probe.ts',
      "import { useFleetStore } from '../../renderer/src/stores/fleet';",
    ),
    forbidden(
      'src/main/electron/probe.ts',
      "import { startBrowserShell } from '../browser-shell/browser-shell';",
    ),
    forbidden(
      'src/main/electron/probe.ts',
      "import { createSocketBridge } from '../../preload/socket-bridge';",
    ),
    forbidden('src/main/electron/probe.ts', "import { ipcMain } from 'electron';", bare),
    allowed('src/main/electron/ipc.ts', "import { ipcMain } from 'electron';"),
    allowed(
      'src/main/electron/probe.ts',
      "import { app } from 'electron';\nimport { createAppCore } from '../core/app-core';\nimport { createIpcRouter } from '../ipc/ipc-router';\nimport { localDemoService } from '../demo/local-demo-service';\nimport { IPC_INVOKE_CHANNEL } from '../../shared/ipc/channels';",
    ),
  ],
  'the browser shell imports core, the IPC wrapper, the demo service and shared': [
    forbidden('src/main/browser-shell/probe.ts', "import { startLocalService } from '../../server';"),
    forbidden('src/main/browser-shell/probe.ts', "import type { ReadyInfo } from '../../server';"),
    forbidden('src/main/browser-shell/probe.ts', "import { setupIpc } from '../electron/ipc';"),
    forbidden('src/main/browser-shell/probe.ts', "import { app } from 'electron';", bare),
    forbidden(
      'src/main/browser-shell/probe.ts',
      "import { useFleetStore } from '../../renderer/src/stores/fleet';",
    ),
    allowed(
      'src/main/browser-shell/probe.ts',
      "import { createAppCore } from '../core/app-core';\nimport { createIpcRouter } from '../ipc/ipc-router';\nimport { localDemoService } from '../demo/local-demo-service';\nimport { BRIDGE_SOCKET_PATH } from '../../shared/ipc/socket-frames';\nimport { WebSocketServer } from 'ws';",
    ),
  ],
  'src/main/demo is where the app reaches src/server': [
    forbidden('src/main/demo/probe.ts', "import { setupIpc } from '../electron/ipc';"),
    forbidden(
      'src/main/demo/probe.ts',
      "import { startBrowserShell } from '../browser-shell/browser-shell';",
    ),
    forbidden('src/main/demo/probe.ts', "import { app } from 'electron';", bare),
    allowed(
      'src/main/demo/probe.ts',
      "import { startLocalService } from '../../server';\nimport type { DemoService } from '../core/session/demo-service';",
    ),
  ],
  'src/shared, src/server and the renderer keep to themselves': [
    forbidden('src/shared/ipc/probe.ts', "import type { AppCore } from '../../main/core/app-core';"),
    forbidden('src/shared/ipc/probe.ts', "import { startLocalService } from '../../server';"),
    forbidden('src/shared/ipc/probe.ts', "import { readFileSync } from 'node:fs';", bare),
    forbidden('src/server/probe.ts', "import type { AppCore } from '../main/core/app-core';"),
    forbidden('src/server/probe.ts', "import { app } from 'electron';", bare),
    forbidden('src/renderer/src/probe.ts', "import type { AppCore } from '../../main/core/app-core';"),
    forbidden('src/renderer/src/probe.ts', "import { startLocalService } from '../../server';"),
    forbidden('src/renderer/src/probe.ts', "import { readFileSync } from 'node:fs';", bare),
    allowed(
      'src/shared/ipc/probe.ts',
      "import { z } from 'zod';\nimport { assetSchema } from '../interface';",
    ),
    allowed(
      'src/server/probe.ts',
      "import Fastify from 'fastify';\nimport { assetSchema } from '../shared/interface';",
    ),
    allowed(
      'src/renderer/src/probe.ts',
      "import { ref } from 'vue';\nimport type { IpcEvent } from '../../shared/ipc';",
    ),
  ],
};

let eslint: ESLint;
beforeAll(() => {
  // The probe files are not on disk, so no TypeScript program holds them; the layer rules need no types.
  eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: { ...tseslint.configs.disableTypeChecked, files: ['**/*.ts', '**/*.vue'] },
  });
});

/** The layer rules' messages for `code` written in `file`; fails on a parse error, which would prove nothing. */
async function layerMessages({ file, code }: Case): Promise<{ rule: string; message: string }[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: `${ROOT}${file}` });
  expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
  return result!.messages
    .filter((m) => m.ruleId !== null && LAYER_RULES.has(m.ruleId))
    .map((m) => ({ rule: m.ruleId!, message: m.message }));
}

describe('the layer rules (architecture.md §2)', () => {
  for (const [rule, cases] of Object.entries(rules)) {
    describe(rule, () => {
      it.each(
        cases.map((c) => [`${c.fails ? 'refuses' : 'accepts'} in ${c.file}: ${c.code.split('\n')[0]}`, c]),
      )('%s', async (_name, c) => {
        const messages = await layerMessages(c);
        if (c.fails === null) expect(messages).toEqual([]);
        else expect(messages.map((m) => m.rule)).toEqual([c.fails]);
      });
    });
  }
});
