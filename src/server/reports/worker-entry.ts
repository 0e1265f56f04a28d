import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface WorkerEntry {
  readonly url: URL;
  readonly execArgv: string[];
}

/**
 * Where a worker's code is and how Node must start to run it. A built
 * bundle ships `<name>.js` next to this module and runs it as is. From
 * source (tsx, vitest) only `<name>.ts` exists, and a worker thread does not
 * inherit the parent's loader hooks, so the worker gets tsx's ESM loader
 * with `--import` unless the parent's own flags already carry it.
 */
export function workerEntry(baseUrl: string | URL, name: string): WorkerEntry {
  // A bundler may put this module in a chunks/ folder below the entry files.
  for (const candidate of [`./${name}.js`, `../${name}.js`]) {
    const js = new URL(candidate, baseUrl);
    if (existsSync(fileURLToPath(js))) return { url: js, execArgv: [...process.execArgv] };
  }
  const ts = new URL(`./${name}.ts`, baseUrl);
  if (!existsSync(fileURLToPath(ts)))
    throw new Error(`worker entry ${name} not found next to ${String(baseUrl)}`);
  return { url: ts, execArgv: withTypeScriptLoader(process.execArgv) };
}

function withTypeScriptLoader(execArgv: readonly string[]): string[] {
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const hasLoader = execArgv.some((arg) => arg.includes('tsx') && /loader|esm/.test(arg));
  return hasLoader ? [...execArgv] : [...execArgv, '--import', loader];
}
