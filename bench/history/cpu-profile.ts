import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { z } from 'zod';

const profileSchema = z.object({
  profile: z.object({
    nodes: z.array(
      z.object({
        id: z.int(),
        callFrame: z.object({
          functionName: z.string(),
          url: z.string(),
          lineNumber: z.int(),
        }),
      }),
    ),
    samples: z.array(z.int()).optional(),
    timeDeltas: z.array(z.number()).optional(),
  }),
});

export interface SelfTime {
  readonly where: string;
  readonly ms: number;
}

/**
 * The page's main thread sampled by Chromium's own profiler (DevTools protocol) while `action` runs:
 * the `top` functions by self time, and the whole profile written to `path` (open it in DevTools'
 * Performance panel).
 */
export async function profilePage(
  page: Page,
  path: string,
  action: () => Promise<void>,
  top = 12,
): Promise<SelfTime[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await action();
    const raw: unknown = await cdp.send('Profiler.stop');
    writeFileSync(path, JSON.stringify((raw as { profile: unknown }).profile));
    const { profile } = profileSchema.parse(raw);
    const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
    const self = new Map<string, number>();
    const samples = profile.samples ?? [];
    const deltas = profile.timeDeltas ?? [];
    // A sample's time is the gap to the next one (the last sample's is unknown and left out).
    for (let i = 0; i + 1 < samples.length; i++) {
      const frame = byId.get(samples[i]!);
      if (!frame) continue;
      const file = frame.url.split('/').pop() ?? '';
      const where = `${frame.functionName || '(anonymous)'} ${file}${file ? `:${frame.lineNumber + 1}` : ''}`;
      self.set(where, (self.get(where) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
    }
    return [...self]
      .map(([where, ms]) => ({ where, ms }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top);
  } finally {
    await cdp.detach();
  }
}
