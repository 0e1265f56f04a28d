import type { AlarmNotice } from './alarm-attention';

export type NotificationAccess = NotificationPermission | 'unsupported';

const api = (): typeof Notification | null =>
  typeof window !== 'undefined' && 'Notification' in window ? window.Notification : null;

/** Whether the page may show notifications: asked for only from the Settings, never on load. */
export function notificationAccess(): NotificationAccess {
  return api()?.permission ?? 'unsupported';
}

/** The browser's own prompt; it answers at once when the operator decided before. */
export async function requestNotificationAccess(): Promise<NotificationAccess> {
  const N = api();
  if (!N) return 'unsupported';
  return N.requestPermission();
}

/**
 * A Web Notification (the browser shell: Electron's come from the core's notify
 * shell service instead). A click brings the tab forward and calls `onClick`.
 */
export function showNotification(notice: AlarmNotice, onClick: () => void): void {
  const N = api();
  if (N?.permission !== 'granted') return;
  const n = new N(notice.title, { body: notice.body, tag: notice.tag, requireInteraction: false });
  n.onclick = () => {
    window.focus();
    onClick();
    n.close();
  };
}
