import { parseArgs } from 'node:util';
import { startLocalService } from './local-service';

/**
 * `npm run service -- [--port N] [--host H] [--fleet-size N] [--seed N] [--data-dir DIR] [--tick-ms N]
 * [--access-token-ttl SECONDS] [--refresh-token-ttl SECONDS] [--dev]`; --dev serves the mail outbox at
 * GET /dev/outbox (development only).
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
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(
      'usage: npm run service -- [--port N] [--host H] [--fleet-size N] [--seed N] [--data-dir DIR] [--tick-ms N]\n' +
        '         [--access-token-ttl SECONDS] [--refresh-token-ttl SECONDS] [--dev]\n',
    );
    return;
  }
  const int = (name: string, v: string | undefined): number | undefined => {
    if (v === undefined) return undefined;
    if (!/^\d+$/.test(v)) throw new Error(`--${name} must be a whole number, got "${v}"`);
    return Number(v);
  };
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
    quiet: false,
  });
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

main().catch((err: unknown) => {
  process.stderr.write(`[local-service] ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
