import type { ServerResponse } from 'node:http';

/** One open server-sent-events stream of a tracking page. */
export interface Viewer {
  readonly res: ServerResponse;
  /** Re-checked every tick: a session or link that ran out ends the stream. */
  readonly stillAllowed: (now: number) => boolean;
}

export interface LiveFeedOptions {
  readonly tickMs: number;
  readonly now: () => number;
  /** The event for one link at `now`, or null when the link has gone (expired): its streams end. */
  readonly update: (linkUuid: string, now: number) => { event: string; data: unknown } | null;
  readonly onError: (err: unknown) => void;
}

export interface LiveFeed {
  add(linkUuid: string, viewer: Viewer): void;
  viewers(linkUuid?: string): number;
  /** Running timers: one per link with at least one viewer, none otherwise. */
  activeLinks(): number;
  close(): void;
}

export const sseFrame = (event: string, data: unknown): string =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Live positions for tracking pages over server-sent events: a link's
 * position is computed once per tick and written to each of its viewers, and
 * a link without viewers costs nothing (its timer stops with the last one).
 */
export function createLiveFeed(opts: LiveFeedOptions): LiveFeed {
  const links = new Map<string, { viewers: Set<Viewer>; timer: NodeJS.Timeout }>();

  const end = (uuid: string, viewer: Viewer, frame?: string): void => {
    const entry = links.get(uuid);
    entry?.viewers.delete(viewer);
    if (!viewer.res.writableEnded) {
      try {
        viewer.res.end(frame);
      } catch {
        // the socket is already gone
      }
    }
    if (entry && entry.viewers.size === 0) {
      clearInterval(entry.timer);
      links.delete(uuid);
    }
  };

  const tick = (uuid: string): void => {
    const entry = links.get(uuid);
    if (!entry) return;
    const now = opts.now();
    let frame: string | null;
    try {
      const u = opts.update(uuid, now);
      frame = u === null ? null : sseFrame(u.event, u.data);
    } catch (err) {
      opts.onError(err);
      return;
    }
    for (const v of [...entry.viewers]) {
      if (frame === null || !v.stillAllowed(now)) end(uuid, v, sseFrame('gone', {}));
      else v.res.write(frame);
    }
  };

  return {
    add(uuid, viewer) {
      let entry = links.get(uuid);
      if (!entry) {
        entry = { viewers: new Set(), timer: setInterval(() => tick(uuid), opts.tickMs) };
        links.set(uuid, entry);
      }
      entry.viewers.add(viewer);
      viewer.res.on('close', () => end(uuid, viewer));
    },
    viewers(uuid) {
      if (uuid !== undefined) return links.get(uuid)?.viewers.size ?? 0;
      let n = 0;
      for (const e of links.values()) n += e.viewers.size;
      return n;
    },
    activeLinks: () => links.size,
    close() {
      for (const [uuid, entry] of [...links]) for (const v of [...entry.viewers]) end(uuid, v);
      links.clear();
    },
  };
}
