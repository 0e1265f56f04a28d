/**
 * The local service for bench:alarms --app, in its own process so the app's
 * figures are the app's: a 10,000-asset fleet at a busy weekday moment on a
 * clock running at real speed. Besides its ready line it prints, for every
 * `alarm.raised` it publishes, the alarm ids and this process' wall clock at
 * that instant, so the bench can time each alarm from the service's publish
 * to the core's push (both processes read the same system clock).
 *
 * Run by bench/alarms/raised-to-inbox.ts: npx tsx bench/alarms/service-process.ts <fleetSize> <ISO instant>
 */
import { ALARM_RAISED_EVENT } from '../../src/shared/interface';
import { startLocalService } from '../../src/server';

async function main(): Promise<void> {
  const size = Number(process.argv[2] ?? '10000');
  const at = Date.parse(process.argv[3] ?? '2026-03-10T09:00:00Z');
  const started = Date.now();
  const service = await startLocalService({
    port: 0,
    fleetSize: size,
    tickMs: 2000,
    reportWorkers: 1,
    now: () => at + (Date.now() - started),
  });
  const publish = service.context.publishForAssets;
  service.context.publishForAssets = (channel, event, items, asArray) => {
    // Stamped before the frames are written: the time a client waits starts here.
    const at = Date.now();
    publish(channel, event, items, asArray);
    if (event !== ALARM_RAISED_EVENT) return;
    const ids = items.map((i) => (i.data as { id: number }).id);
    process.stdout.write(`${JSON.stringify({ event: 'published', ids, at })}\n`);
  };
  process.stdout.write(`${JSON.stringify(service.readyLine())}\n`);
  process.on('SIGTERM', () => {
    void service.stop().then(() => process.exit(0));
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
