import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { z } from 'zod';

/**
 * The local service in its own process (`src/server/cli.ts --port 0 …args`), as
 * the app runs it, so a bench's CPU figures are the client's alone. Resolves on
 * its ready line, read with `readyLine`.
 */
export async function startServiceProcess<S extends z.ZodType>(
  args: readonly string[],
  readyLine: S,
): Promise<{ readonly child: ChildProcess; readonly ready: z.output<S> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for await (const line of createInterface({ input: child.stdout! })) {
    try {
      return { child, ready: readyLine.parse(JSON.parse(line)) };
    } catch {
      // Not the ready line.
    }
  }
  throw new Error('The local service exited before its ready line.');
}
