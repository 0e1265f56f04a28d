import { parseArgs } from 'node:util';
import { z } from 'zod';
import { startLocalService } from './local-service';

/**
 * `npm run service -- [--port N] [--host H] [--fleet-size N] [--seed N] [--data-dir DIR] [--tick-ms N]
 * [--access-token-ttl SECONDS] [--refresh-token-ttl SECONDS] [--dev] [--at TIME]`; --dev serves the mail
 * outbox at GET /dev/outbox (development only).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'fleet-size': { type: 'string' },
      seed: { type: 'string' },
      'data-dir': { type: 'string' },
      'tick-ms': { type: 'string' },
      'access-token-ttl': { type: 'string' },
      'refresh-token-ttl': { type: 'string' },
      dev: { type: 'boolean' },
      at: { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(
      'usage: npm run service -- [--port N] [--host H] [--fleet-size N] [--seed N] [--data-dir DIR] [--tick-ms N]\n' +
        '         [--access-token-ttl SECONDS] [--refresh-token-ttl SECONDS] [--dev]\n' +
        '                          [--at TIME]   start the simulated clock at TIME (ISO 8601 with its zone,\n' +
        '                                        e.g. 2026-11-18T08:30:00Z), then run at real speed\n',
    );
    return;
  }
  const int = (name: string, v: string | undefined): number | undefined => {
    if (v === undefined) return undefined;
    if (!/^\d+$/.test(v)) throw new Error(`--${name} must be a whole number, got "${v}"`);
    return Number(v);
  };
  const startAt = clockStart(values.at);
  const service = await startLocalService({
    port: int('port', values.port),
    host: values.host,
    fleetSize: int('fleet-size', values['fleet-size']),
    seed: int('seed', values.seed),
    dataDir: values['data-dir'],
    tickMs: int('tick-ms', values['tick-ms']),
    accessTokenTtlSeconds: int('access-token-ttl', values['access-token-ttl']),
    refreshTokenTtlSeconds: int('refresh-token-ttl', values['refresh-token-ttl']),
    devOutbox: values.dev === true,
    startAt,
    quiet: false,
  });
  if (startAt !== undefined)
    process.stderr.write(
      `[local-service] simulated clock started at ${new Date(startAt).toISOString()}, running at real speed\n`,
    );
  process.stdout.write(JSON.stringify(service.readyLine()) + '\n');
  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`[local-service] ${signal}: stopping\n`);
    service.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`[local-service] stop failed: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

/** `--at`: an instant written out in full, so that it means the same on every machine. */
function clockStart(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!z.iso.datetime({ offset: true }).safeParse(text).success)
    throw new Error(
      `--at must be a date and time in ISO 8601 with its zone, e.g. 2026-11-18T08:30:00Z or 2026-11-18T09:30:00+01:00; got "${text}"`,
    );
  return Date.parse(text);
}

main().catch((err: unknown) => {
  process.stderr.write(`[local-service] ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
