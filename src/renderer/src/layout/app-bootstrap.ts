import { watch } from 'vue';
import { call } from '../api';
import { startAlarmAttention } from '../features/alarms/alarm-attention-service';
import { useAlarms } from '../stores/alarms';
import { useGeofences } from '../stores/geofences';
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
  const alarms = useAlarms();
  const geofences = useGeofences();
  const groups = useGroups();
  const offs = [
    session.listen(),
    connection.listen(),
    settings.listen(),
    notices.listen(),
    fleet.listen(),
    alarms.listen(),
    geofences.listen(),
    groups.listen(),
  ];
  await Promise.allSettled([session.load(), connection.load(), settings.load(), notices.load()]);
  const stop = watch(
    () => session.signedIn,
    (signedIn) => {
      if (!signedIn) return groups.reset();
      void fleet.load().catch((err: unknown) => console.warn('fleet.snapshot failed', err));
      void alarms.load().catch((err: unknown) => console.warn('alarms.summary failed', err));
      void geofences.load();
      void groups.load();
    },
    { immediate: true },
  );
  const stopAttention = await startAlarmAttention();
  await call('app.ready').catch((err: unknown) => console.warn('app.ready failed', err));
  return () => {
    stop();
    stopAttention();
    offs.forEach((off) => off());
  };
}
