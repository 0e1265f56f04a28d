import { join } from 'node:path';
import { homedir } from 'node:os';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { startBrowserShell } from './browser-shell';

/**
 * `npm run dev:browser`: the app in a browser (docs/architecture.md §1). Serves the
 * renderer from Vite's dev server, or with --built from out/renderer, and
 * keeps its data in ~/.fleetdesk/browser-shell unless --data-dir says otherwise.
 */
const optionsSchema = z.object({
  port: z.coerce.number().int().min(0).max(65_535).default(5180),
  'data-dir': z
    .string()
    .min(1)
    .default(join(homedir(), '.fleetdesk', 'browser-shell')),
  built: z.boolean().default(false),
});

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      built: { type: 'boolean' },
    },
    strict: true,
  });
  const parsed = optionsSchema.safeParse(values);
  if (!parsed.success) {
    process.stderr.write(
      `fleetdesk: ${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}\n`,
    );
    process.exit(2);
  }
  const o = parsed.data;
  const builtDir = join(process.cwd(), 'out', 'renderer');
  if (o.built && !existsSync(join(builtDir, 'index.html'))) {
    process.stderr.write('fleetdesk: --built needs `npm run build` first (out/renderer is missing).\n');
    process.exit(2);
  }
  const shell = await startBrowserShell({
    port: o.port,
    dataDir: o['data-dir'],
    renderer: o.built ? { dir: builtDir } : 'dev',
  });
  process.stdout.write(`Fleetdesk (browser shell) is running. Open:\n\n  ${shell.url}\n\n`);
  const quit = (): void => {
    shell.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', quit);
  process.once('SIGTERM', quit);
}

main().catch((err: unknown) => {
  process.stderr.write(
    `fleetdesk: the browser shell could not start: ${err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exit(1);
});
