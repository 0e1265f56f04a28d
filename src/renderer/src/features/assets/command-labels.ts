import type { TrackerCommand } from '../../../../shared/ipc';
import { isApiError } from '../../api';

/** "Soft reset", "Hard reset", "Bluetooth on", "Bluetooth off". */
export function commandLabel(c: Pick<TrackerCommand, 'type' | 'parameters'>): string {
  switch (c.type) {
    case 'reset':
      return c.parameters['mode'] === 'hard' ? 'Hard reset' : 'Soft reset';
    case 'ble_on':
      return 'Bluetooth on';
    case 'ble_off':
      return 'Bluetooth off';
  }
}

/** Newest first, whatever order a cache or a page gave. */
export function newestFirst(commands: readonly TrackerCommand[]): TrackerCommand[] {
  return [...commands].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id);
}

/** Commands that were `sent` before and are acknowledged now: what to announce. */
export function newlyAcknowledged(
  before: readonly TrackerCommand[],
  after: readonly TrackerCommand[],
): TrackerCommand[] {
  const wasSent = new Set(before.filter((c) => c.status === 'sent').map((c) => c.id));
  return after.filter((c) => c.status === 'acknowledged' && wasSent.has(c.id));
}

/**
 * Why a command did not go, in words for the operator. Main explains a 403,
 * an unreachable service (never sent later) and a busy one; an unknown
 * tracker is the service's 404; a timeout may have reached the tracker.
 */
export function commandRefusal(what: string, err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  if (!isApiError(err)) return `${what} not sent: ${message}`;
  switch (err.code) {
    case 'not_found':
      return `${what} not sent: the service does not know this tracker (${message}) Refresh the fleet list: it may have been removed or replaced.`;
    case 'timeout':
      return `${what}: ${message}`;
    default:
      return `${what} not sent: ${message}`;
  }
}
