import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every source file of the app, the service, the benchmarks and the scripts. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|vue|cjs|mjs|css)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

describe('comments cite documents the next person can open', () => {
  it('never an issue number: docs/architecture.md, service-interface.md or interface-decisions.md instead', () => {
    const citing = ['src', 'bench', 'scripts']
      .flatMap(sourceFiles)
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ where: `${file}:${i + 1}`, line }))
          .filter(({ line }) => /\bissue #?\d+/i.test(line)),
      )
      .map(({ where, line }) => `${where}: ${line.trim()}`);
    expect(citing).toEqual([]);
  });
});
