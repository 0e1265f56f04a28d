import type { CDPSession } from 'playwright-core';
import { z } from 'zod';

const profileSchema = z.object({
  nodes: z.array(
    z.object({
      id: z.number(),
      callFrame: z.object({ functionName: z.string(), url: z.string(), lineNumber: z.number() }),
    }),
  ),
  samples: z.array(z.number()).optional(),
  timeDeltas: z.array(z.number()).optional(),
  startTime: z.number(),
  endTime: z.number(),
});
const stopSchema = z.object({ profile: z.unknown() });

export type CpuProfile = z.infer<typeof profileSchema>;

/**
 * A V8 CPU profile of the page's main thread through the DevTools protocol, sampled every 100 µs;
 * the stop function answers it as sent (`raw`: a .cpuprofile file DevTools opens) and as read here.
 */
export async function startProfile(
  cdp: CDPSession,
): Promise<() => Promise<{ raw: unknown; profile: CpuProfile }>> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = stopSchema.parse(await cdp.send('Profiler.stop'));
    return { raw: profile, profile: profileSchema.parse(profile) };
  };
}

/** The functions the samples landed in most (self time), with their share of the profile's wall time. */
export function topSelfTime(
  profile: CpuProfile,
  count: number,
): { name: string; ms: number; share: number }[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const node = byNode.get(samples[i]!);
    if (!node) continue;
    const f = node.callFrame;
    const file = f.url.replace(/^.*\//, '').replace(/\?.*$/, '');
    const name = `${f.functionName || '(anonymous)'} ${file ? `${file}:${f.lineNumber + 1}` : ''}`.trim();
    // Each delta is the time before the sample it belongs to: credit it to that sample's function.
    self.set(name, (self.get(name) ?? 0) + (deltas[i] ?? 0) / 1000);
  }
  const wall = (profile.endTime - profile.startTime) / 1000;
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => ({ name, ms, share: ms / wall }));
}
