import type { ServiceLog } from '../context';

/**
 * Spec 8's degraded mode: on once the queue holds `threshold` waiting
 * reports, off again only when it has drained below half of that, so the
 * service does not flap between accepting and refusing at the boundary.
 */
export class DegradedMode {
  private on = false;

  constructor(
    private readonly threshold: number,
    private readonly log: ServiceLog,
  ) {}

  /** Feeds the current queue depth; returns whether new reports are refused. */
  update(depth: number): boolean {
    if (!this.on && depth >= this.threshold) {
      this.on = true;
      this.log.warn('reports: queue overloaded, refusing new reports', { depth });
    } else if (this.on && depth < this.threshold / 2) {
      this.on = false;
      this.log.info('reports: queue drained, accepting reports again', { depth });
    }
    return this.on;
  }
}
