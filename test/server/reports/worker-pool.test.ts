import { afterEach, describe, expect, it } from 'vitest';
import { reportRequestSchema } from '../../../src/shared/interface';
import { workerEntry } from '../../../src/server/reports/worker-entry';
import { WorkerPool } from '../../../src/server/reports/worker-pool';
import type { WorkerJob, WorkerReply } from '../../../src/server/reports/worker-protocol';

const job = (reportId: string, title: string): WorkerJob => ({
  kind: 'job',
  reportId,
  request: reportRequestSchema.parse({
    type: 'trail',
    format: 'json',
    asset_id: 1,
    date_from: '2026-03-01',
    date_to: '2026-03-01',
    title,
  }),
  title,
  fleet: { seed: 1, size: 5 },
  visibleAssetIds: null,
  generatedAt: 0,
  dir: '/nonexistent',
  fileName: `${reportId}.json`,
});

interface Recorded {
  replies: Array<{ id: string; reply: WorkerReply }>;
  crashes: Array<{ id: string; error: string }>;
  idle: number;
}

function poolWith(size: number): {
  pool: WorkerPool;
  seen: Recorded;
  waitFor: (p: () => boolean) => Promise<void>;
} {
  const seen: Recorded = { replies: [], crashes: [], idle: 0 };
  const entry = workerEntry(new URL('./fixtures/', import.meta.url), 'flaky-worker');
  const pool = new WorkerPool(
    { entry, size },
    {
      onReply: (j, reply) => seen.replies.push({ id: j.reportId, reply }),
      onCrash: (j, error) => seen.crashes.push({ id: j.reportId, error }),
      onIdle: () => void seen.idle++,
    },
  );
  const waitFor = async (p: () => boolean): Promise<void> => {
    for (let i = 0; i < 500 && !p(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(p()).toBe(true);
  };
  return { pool, seen, waitFor };
}

let current: WorkerPool | null = null;
afterEach(async () => {
  await current?.stop();
  current = null;
});

describe('report worker pool', () => {
  it('runs TypeScript workers from source and relays their progress and result', async () => {
    const { pool, seen, waitFor } = poolWith(2);
    current = pool;
    expect(pool.run(job('a', 'fine'))).toBe(true);
    await waitFor(() => seen.replies.some((r) => r.reply.kind === 'done'));
    expect(seen.replies.map((r) => r.reply.kind)).toEqual(['progress', 'done']);
    expect(pool.idleCount).toBe(2);
  });

  it('replaces a worker that throws or exits and names the job it was running', async () => {
    const { pool, seen, waitFor } = poolWith(1);
    current = pool;
    expect(pool.run(job('t', 'throw'))).toBe(true);
    expect(pool.run(job('x', 'fine'))).toBe(false);
    await waitFor(() => seen.crashes.length === 1);
    expect(seen.crashes[0]).toMatchObject({ id: 't', error: expect.stringContaining('boom') });

    await waitFor(() => pool.idleCount === 1);
    expect(pool.run(job('e', 'exit'))).toBe(true);
    await waitFor(() => seen.crashes.length === 2);
    expect(seen.crashes[1]).toMatchObject({ id: 'e', error: expect.stringContaining('7') });

    await waitFor(() => pool.idleCount === 1);
    expect(pool.run(job('after', 'fine'))).toBe(true);
    await waitFor(() => seen.replies.some((r) => r.id === 'after' && r.reply.kind === 'done'));
  });
});
