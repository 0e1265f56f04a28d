import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createFleet } from '../../../src/server/sim/fleet';
import { DAY, fleetDigest, START } from './fleet-digest';

const path = (p: string): string => fileURLToPath(new URL(p, import.meta.url));

describe('the simulated fleet across processes', () => {
  it('computes the same history, trips and events in another process (report workers rebuild it from seed and size)', async () => {
    const here = fleetDigest(createFleet({ seed: 9, size: 30 }));
    // A fresh process, with a fleet that has already answered other questions (warm caches).
    const script = `
      const { createFleet } = await import(${JSON.stringify(path('../../../src/server/sim/fleet.ts'))});
      const { fleetDigest } = await import(${JSON.stringify(path('./fleet-digest.ts'))});
      const fleet = createFleet({ seed: 9, size: 30 });
      for (let id = 1; id <= 30; id++) fleet.sampleAt(id, ${START + 40 * DAY});
      process.stdout.write(fleetDigest(fleet));
    `;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: path('../../..') },
    );
    expect(stdout.trim()).toBe(here);
  });
});
