import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/**
 * A V8 CPU profile of one stretch of this process (the format `node --cpu-prof` writes, opened by
 * Chrome DevTools or speedscope), so a bench can profile its measured window alone, without the
 * sign-in and the first location sweep that `--cpu-prof` would fold into the same file.
 */
export async function startProfileWindow(): Promise<{ stop(path: string): Promise<void> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(path) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(path, JSON.stringify(profile));
      session.disconnect();
    },
  };
}
