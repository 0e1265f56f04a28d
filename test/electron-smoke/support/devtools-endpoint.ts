import type { Readable } from 'node:stream';

/** What Chromium prints on stderr once `--remote-debugging-port` listens (0: a free port). */
const LISTENING = /DevTools listening on (ws:\/\/\S+)/;

/**
 * The browser-level CDP endpoint of an Electron process started with
 * `--remote-debugging-port=0`. This is how the packaged app is driven: its
 * EnableNodeCliInspectArguments fuse is off, so Playwright's
 * `_electron.launch` (which needs `--inspect` in main) cannot attach to it,
 * while the renderer's DevTools protocol is still there.
 */
export function devToolsEndpoint(stderr: Readable, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const done = (finish: () => void): void => {
      clearTimeout(timer);
      stderr.off('data', onData);
      stderr.off('end', onEnd);
      finish();
    };
    const onData = (chunk: Buffer | string): void => {
      seen = (seen + chunk.toString()).slice(-8192);
      const match = LISTENING.exec(seen);
      if (match) done(() => resolve(match[1]!));
    };
    const onEnd = (): void =>
      done(() => reject(new Error(`the app exited before DevTools listened; it said:\n${seen.trim()}`)));
    const timer = setTimeout(
      () =>
        done(() =>
          reject(new Error(`DevTools did not listen within ${timeoutMs} ms; the app said:\n${seen.trim()}`)),
        ),
      timeoutMs,
    );
    stderr.on('data', onData);
    stderr.on('end', onEnd);
  });
}
