import type { ShellLog } from './logging';

/** What the update schedule needs from electron-updater (kept narrow so it is tested without it). */
export interface UpdateSource {
  check(): Promise<void>;
  onDownloaded(listener: (version: string) => void): void;
  installNow(): void;
}

export interface UpdaterOptions {
  readonly source: UpdateSource;
  /** Settings.autoUpdate at start; later changes arrive through setEnabled. */
  readonly enabled: boolean;
  /** Asks without blocking the window; resolves true for "Restart to update". */
  readonly offerRestart: (version: string) => Promise<boolean>;
  readonly log: ShellLog;
  readonly intervalMs?: number;
}

export interface Updater {
  setEnabled(enabled: boolean): void;
  stop(): void;
}

const FOUR_HOURS = 4 * 60 * 60 * 1000;

/**
 * docs/architecture.md "The Electron shell": check on start and every 4 hours, download in the background,
 * then offer a restart — never restart on the user's behalf mid-shift. A
 * locked-down control room turns it off with Settings.autoUpdate=false.
 */
export function setupUpdater(options: UpdaterOptions): Updater {
  const interval = options.intervalMs ?? FOUR_HOURS;
  let timer: NodeJS.Timeout | null = null;
  let enabled = false;
  let offered: string | null = null;

  const check = (): void => {
    options.source.check().catch((err: unknown) => options.log.warn(`Update check failed: ${String(err)}`));
  };

  options.source.onDownloaded((version) => {
    if (!enabled || offered === version) return;
    offered = version;
    options
      .offerRestart(version)
      .then((restart) => {
        if (restart) options.source.installNow();
      })
      .catch((err: unknown) => options.log.warn(`Update offer failed: ${String(err)}`));
  });

  const setEnabled = (next: boolean): void => {
    if (next === enabled) return;
    enabled = next;
    if (timer) clearInterval(timer);
    timer = null;
    if (!enabled) return options.log.info('Automatic updates are off (settings).');
    check();
    timer = setInterval(check, interval);
    timer.unref();
  };
  setEnabled(options.enabled);

  return {
    setEnabled,
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      enabled = false;
    },
  };
}
