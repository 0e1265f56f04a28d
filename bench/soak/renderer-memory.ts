import type { CDPSession, Page } from 'playwright-core';
import { z } from 'zod';

export interface RendererSample {
  /** JS heap in use right after a full collection (bytes). */
  readonly heapUsed: number;
  readonly heapTotal: number;
  /** DOM nodes and JS event listeners alive in the page: what a leaking screen piles up. */
  readonly nodes: number;
  readonly listeners: number;
}

const heapUsageSchema = z.object({ usedSize: z.number(), totalSize: z.number() });
const metricsSchema = z.object({ metrics: z.array(z.object({ name: z.string(), value: z.number() })) });

/** The renderer's memory through the DevTools protocol (Chromium's own figures, not an estimate). */
export class RendererMemory {
  private constructor(private readonly cdp: CDPSession) {}

  static async attach(page: Page): Promise<RendererMemory> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    return new RendererMemory(cdp);
  }

  async sample(): Promise<RendererSample> {
    await this.cdp.send('HeapProfiler.collectGarbage');
    const heap = heapUsageSchema.parse(await this.cdp.send('Runtime.getHeapUsage'));
    const { metrics } = metricsSchema.parse(await this.cdp.send('Performance.getMetrics'));
    const metric = (name: string): number => metrics.find((m) => m.name === name)?.value ?? Number.NaN;
    return {
      heapUsed: heap.usedSize,
      heapTotal: heap.totalSize,
      nodes: metric('Nodes'),
      listeners: metric('JSEventListeners'),
    };
  }

  async detach(): Promise<void> {
    await this.cdp.detach();
  }
}
