import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setBridge } from '../../../src/renderer/src/api';
import { useNotices } from '../../../src/renderer/src/stores/notices';
import type { Notice } from '../../../src/shared/ipc';
import { FakeBridge } from '../support/fake-bridge';

const ended: Notice = {
  id: 'session:ended:1',
  kind: 'error',
  message: 'Your sign-in to fleet.example.com has ended: the service did not renew it (invalid_grant).',
  at: 1,
};
const deprecation: Notice = { id: 'deprecation:x', kind: 'deprecation', message: 'An old route.', at: 2 };

describe('the notices the renderer shows', () => {
  let bridge: FakeBridge;
  let stop: () => void;
  beforeEach(() => {
    setActivePinia(createPinia());
    bridge = new FakeBridge();
    setBridge(bridge);
    stop = useNotices().listen();
  });
  afterEach(() => stop());

  it('drops a notice main withdraws (signed in again after one ended), and only that one', () => {
    const notices = useNotices();
    bridge.emit('notice', ended);
    bridge.emit('notice', deprecation);
    bridge.emit('notice.withdrawn', { id: ended.id });
    expect(notices.list.map((n) => n.id)).toEqual([deprecation.id]);
    expect(bridge.callsOf('notices.dismiss')).toEqual([]);
  });

  it('hears nothing more once it stops listening', () => {
    const notices = useNotices();
    bridge.emit('notice', ended);
    stop();
    bridge.emit('notice.withdrawn', { id: ended.id });
    bridge.emit('notice', deprecation);
    expect(notices.list.map((n) => n.id)).toEqual([ended.id]);
  });
});
