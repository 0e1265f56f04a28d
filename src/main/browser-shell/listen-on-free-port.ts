import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Listens on `port`, or, when another program holds it, on the next free one
 * after it, as Vite's dev server does (its httpServerStart, with strictPort off).
 * Port 0 lets the OS choose. Resolves with the port it got.
 */
export async function listenOnFreePort(
  server: Server,
  port: number,
  host: string,
  onTaken?: (port: number) => void,
): Promise<number> {
  for (let candidate = port; ; candidate++) {
    const outcome = await new Promise<'listening' | 'taken'>((resolve, reject) => {
      const onError = (err: NodeJS.ErrnoException): void => {
        server.off('listening', onListening);
        if (err.code === 'EADDRINUSE' && candidate > 0 && candidate < 65_535) resolve('taken');
        else reject(err);
      };
      const onListening = (): void => {
        server.off('error', onError);
        resolve('listening');
      };
      server.once('error', onError);
      server.once('listening', onListening);
      server.listen(candidate, host);
    });
    if (outcome === 'listening') return (server.address() as AddressInfo).port;
    onTaken?.(candidate);
  }
}
