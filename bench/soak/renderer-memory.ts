import type { CDPSession, Page } from 'playwright-core';
import { z } from 'zod';

export interface RendererSample {
  /** JS heap in use right after a full collection (bytes): the page's and its workers' together. */
  readonly heapUsed: number;
  readonly heapTotal: number;
  /** The dedicated workers' share of heapUsed (the live map paints in one: fleet-paint.worker.ts). */
  readonly workerHeapUsed: number;
  /** DOM nodes and JS event listeners alive in the page: what a leaking screen piles up. */
  readonly nodes: number;
  readonly listeners: number;
}

const heapUsageSchema = z.object({ usedSize: z.number(), totalSize: z.number() });
const metricsSchema = z.object({ metrics: z.array(z.object({ name: z.string(), value: z.number() })) });
const attachedSchema = z.object({ sessionId: z.string(), targetInfo: z.object({ type: z.string() }) });
const detachedSchema = z.object({ sessionId: z.string() });
const receivedSchema = z.object({ sessionId: z.string(), message: z.string() });
const replySchema = z.object({
  id: z.number(),
  result: z.unknown().optional(),
  error: z.object({ message: z.string() }).optional(),
});

/**
 * The renderer's memory through the DevTools protocol (Chromium's own figures, not an estimate), its
 * dedicated workers included: each is a target of its own, reached through the page's session
 * (Target.setAutoAttach, then messages relayed with Target.sendMessageToTarget).
 */
export class RendererMemory {
  private readonly workers = new Set<string>();
  private readonly pending = new Map<number, (reply: z.infer<typeof replySchema>) => void>();
  private nextId = 1;

  private constructor(private readonly cdp: CDPSession) {
    cdp.on('Target.attachedToTarget', (e: unknown) => {
      const a = attachedSchema.parse(e);
      if (a.targetInfo.type === 'worker') this.workers.add(a.sessionId);
    });
    cdp.on('Target.detachedFromTarget', (e: unknown) =>
      this.workers.delete(detachedSchema.parse(e).sessionId),
    );
    cdp.on('Target.receivedMessageFromTarget', (e: unknown) => {
      const reply = replySchema.safeParse(JSON.parse(receivedSchema.parse(e).message));
      if (!reply.success) return;
      this.pending.get(reply.data.id)?.(reply.data);
      this.pending.delete(reply.data.id);
    });
  }

  static async attach(page: Page): Promise<RendererMemory> {
    const cdp = await page.context().newCDPSession(page);
    const memory = new RendererMemory(cdp);
    await cdp.send('Performance.enable');
    // Workers already running are reported at once, later ones as they start.
    await cdp.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: false,
      flatten: false,
    });
    return memory;
  }

  /** A protocol call inside a worker; null when the worker went away before it answered. */
  private inWorker(sessionId: string, method: string): Promise<unknown> {
    const id = this.nextId++;
    const answered = new Promise<unknown>((resolve) => {
      this.pending.set(id, (reply) => resolve(reply.error ? null : (reply.result ?? null)));
    });
    const message = JSON.stringify({ id, method });
    return this.cdp.send('Target.sendMessageToTarget', { sessionId, message }).then(
      () => answered,
      () => {
        this.pending.delete(id);
        return null;
      },
    );
  }

  async sample(): Promise<RendererSample> {
    await this.cdp.send('HeapProfiler.collectGarbage');
    const heap = heapUsageSchema.parse(await this.cdp.send('Runtime.getHeapUsage'));
    let workerUsed = 0;
    let workerTotal = 0;
    for (const sessionId of [...this.workers]) {
      await this.inWorker(sessionId, 'HeapProfiler.collectGarbage');
      const usage = heapUsageSchema.safeParse(await this.inWorker(sessionId, 'Runtime.getHeapUsage'));
      if (!usage.success) continue;
      workerUsed += usage.data.usedSize;
      workerTotal += usage.data.totalSize;
    }
    const { metrics } = metricsSchema.parse(await this.cdp.send('Performance.getMetrics'));
    const metric = (name: string): number => metrics.find((m) => m.name === name)?.value ?? Number.NaN;
    return {
      heapUsed: heap.usedSize + workerUsed,
      heapTotal: heap.totalSize + workerTotal,
      workerHeapUsed: workerUsed,
      nodes: metric('Nodes'),
      listeners: metric('JSEventListeners'),
    };
  }

  async detach(): Promise<void> {
    await this.cdp.detach();
  }
}
