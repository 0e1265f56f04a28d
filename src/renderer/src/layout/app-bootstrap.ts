import { watch } from 'vue';
import { call } from '../api';
import { useConnection } from '../stores/connection';
import { useFleet } from '../stores/fleet';
import { useGroups } from '../stores/groups';
import { useNotices } from '../stores/notices';
import { useSession } from '../stores/session';
import { useSettings } from '../stores/settings';

/**
 * Subscribes every store to its pushes first, then loads the current state,
 * then tells main the renderer is ready (queued pushes flow only after that,
 * so none is lost between the load and the subscription).
 */
export async function bootstrap(): Promise<() => void> {
  const session = useSession();
  const connection = useConnection();
  const settings = useSettings();
  const notices = useNotices();
  const fleet = useFleet();
  const groups = useGroups();
  const offs = [
    session.listen(),
    connection.listen(),
    settings.listen(),
    notices.listen(),
    fleet.listen(),
    groups.listen(),
  ];
  await Promise.allSettled([session.load(), connection.load(), settings.load(), notices.load()]);
  const stop = watch(
    () => session.signedIn,
    (signedIn) => {
      if (!signedIn) return groups.reset();
      void fleet.load().catch((err: unknown) => console.warn('fleet.snapshot failed', err));
      void groups.load();
    },
    { immediate: true },
  );
  await call('app.ready').catch((err: unknown) => console.warn('app.ready failed', err));
  return () => {
    stop();
    offs.forEach((off) => off());
  };
}
