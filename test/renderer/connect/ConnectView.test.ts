import { afterEach, describe, expect, it } from 'vitest';
import ConnectView from '../../../src/renderer/src/features/connect/ConnectView.vue';
import { useNotices } from '../../../src/renderer/src/stores/notices';
import { useSession } from '../../../src/renderer/src/stores/session';
import { FakeBridge } from '../support/fake-bridge';
import { mountWithBridge, settle } from '../support/mount-with-bridge';
import { DEMO_SESSION, SIGNED_OUT } from '../support/sim-fleet';
import { PLAIN_TRANSPORT_MESSAGE } from '../../../src/shared/ipc';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { setBridge } from '../../../src/renderer/src/api';

const PROFILE = {
  name: 'Head office',
  api_url: 'https://api.example.com',
  api_ws_url: 'wss://ws.example.com',
  base_url: 'https://reports.example.com',
  ws_url: 'wss://ws.example.com',
  tracking_url: 'https://track.example.com',
  app_key: 'app-key',
  account_key: 'acme',
  user_id: '42',
};

let current: VueWrapper | null = null;
afterEach(() => current?.unmount());

async function openRemote(bridge: FakeBridge): Promise<VueWrapper> {
  const { wrapper } = mountWithBridge(ConnectView, bridge);
  current = wrapper;
  useSession().view = SIGNED_OUT;
  await wrapper.findAll('[role="tab"]')[1]!.trigger('click');
  return wrapper;
}

async function fill(wrapper: VueWrapper, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values))
    await wrapper.find(`input[name="${name}"]`).setValue(value);
}

describe('connect screen: the Demo and the token form (More options)', () => {
  it('starts the demo with one click', async () => {
    const bridge = new FakeBridge().handle('session.signInDemo', DEMO_SESSION);
    const { wrapper } = mountWithBridge(ConnectView, bridge);
    current = wrapper;
    await wrapper.find('[data-testid="demo"]').trigger('click');
    await settle();
    expect(bridge.callsOf('session.signInDemo')).toHaveLength(1);
    expect(useSession().signedIn).toBe(true);
  });

  it('points at the fields that are wrong before anything is sent', async () => {
    const bridge = new FakeBridge();
    const wrapper = await openRemote(bridge);
    await fill(wrapper, { ...PROFILE, api_url: 'ftp://nope', user_id: 'abc' });
    await wrapper.find('input[name="token"]').setValue('a-long-enough-token');
    await wrapper.find('form.remote').trigger('submit');
    await settle();
    expect(bridge.callsOf('session.signInRemote')).toHaveLength(0);
    expect(wrapper.find('[data-testid="connect-error"]').text()).toContain('Fleet API URL');
    expect(wrapper.find('input[name="api_url"]').attributes('aria-invalid')).toBe('true');
    expect(wrapper.find('input[name="user_id"]').attributes('aria-invalid')).toBe('true');
    expect(wrapper.find('input[name="name"]').attributes('aria-invalid')).toBe('false');
  });

  it('sends the profile and the token once, then clears the token field', async () => {
    const bridge = new FakeBridge().handle('session.signInRemote', {
      ...DEMO_SESSION,
      profile: { kind: 'remote', ...PROFILE, user_id: 42 },
    });
    const wrapper = await openRemote(bridge);
    await fill(wrapper, PROFILE);
    await wrapper.find('input[name="token"]').setValue('secret-token-123');
    expect(wrapper.find('input[name="token"]').attributes('type')).toBe('password');
    await wrapper.find('form.remote').trigger('submit');
    await settle();
    const [args] = bridge.callsOf('session.signInRemote');
    expect(args).toMatchObject({
      token: 'secret-token-123',
      profile: { kind: 'remote', user_id: 42, account_key: 'acme' },
    });
    expect((wrapper.find('input[name="token"]').element as HTMLInputElement).value).toBe('');
    expect(wrapper.html()).not.toContain('secret-token-123');
  });

  it('says the token was refused when the service answers 401', async () => {
    const bridge = new FakeBridge().fail('session.signInRemote', {
      code: 'unauthorized',
      message: 'The service refused this access token (401).',
    });
    const wrapper = await openRemote(bridge);
    await fill(wrapper, PROFILE);
    await wrapper.find('input[name="token"]').setValue('wrong-token-123');
    await wrapper.find('form.remote').trigger('submit');
    await settle();
    expect(wrapper.find('[data-testid="connect-error"]').text()).toContain('refused the access token');
    expect(wrapper.find('input[name="token"]').attributes('aria-invalid')).toBe('true');
  });

  it('says there is no network when the service cannot be reached', async () => {
    const bridge = new FakeBridge().fail('session.signInRemote', {
      code: 'offline',
      message: 'fetch failed',
    });
    const wrapper = await openRemote(bridge);
    await fill(wrapper, PROFILE);
    await wrapper.find('input[name="token"]').setValue('some-token-123');
    await wrapper.find('form.remote').trigger('submit');
    await settle();
    expect(wrapper.find('[data-testid="connect-error"]').text()).toContain('No network');
  });

  it('shows main’s field errors for a URL the service rejects', async () => {
    const bridge = new FakeBridge().fail('session.signInRemote', {
      code: 'invalid_request',
      message: 'The connection settings are not valid: check api_url.',
      details: { api_url: ['must be the fleet tracking address'] },
    });
    const wrapper = await openRemote(bridge);
    await fill(wrapper, PROFILE);
    await wrapper.find('input[name="token"]').setValue('some-token-123');
    await wrapper.find('form.remote').trigger('submit');
    await settle();
    expect(wrapper.text()).toContain('must be the fleet tracking address');
    expect(wrapper.find('input[name="api_url"]').attributes('aria-invalid')).toBe('true');
  });
});

describe('connect screen: sign in with the browser', () => {
  it('asks only for the service address, with the token form folded under More options', async () => {
    const wrapper = await openRemote(new FakeBridge());
    const browser = wrapper.find('form.browser');
    // The one field to fill in (SIGNED_OUT has no keyring: the stay-signed-in box is offered too).
    expect(browser.findAll('input:not([type="checkbox"])').map((i) => i.attributes('name'))).toEqual([
      'address',
    ]);
    expect(browser.find('button[type="submit"]').text()).toBe('Sign in with your browser');
    expect(browser.text()).toContain('must start with https://');
    const more = wrapper.find('details.more');
    expect(more.find('summary').text()).toBe('More options');
    expect((more.element as HTMLDetailsElement).open).toBe(false);
    expect(more.find('form.remote').exists()).toBe(true);
  });

  it('sends the address to main and shows the way back to the browser while it waits', async () => {
    let finish: (() => void) | null = null;
    const bridge = new FakeBridge()
      .handle(
        'session.signInWithBrowser',
        () =>
          new Promise(
            (resolve) =>
              (finish = () =>
                resolve({
                  ...DEMO_SESSION,
                  profile: { kind: 'oauth', name: 'fleet.example.com', address: 'https://fleet.example.com' },
                })),
          ),
      )
      .handle('session.openSignInPage', null)
      .handle('session.cancelSignIn', null);
    const wrapper = await openRemote(bridge);
    // The sign-in stays unanswered until finish(): settle() would wait for it, so only promises are flushed.
    await fill(wrapper, { address: ' https://fleet.example.com ' });
    await wrapper.find('form.browser').trigger('submit');
    await flushPromises();
    expect(bridge.callsOf('session.signInWithBrowser')).toEqual([
      { address: 'https://fleet.example.com', persistToken: false },
    ]);
    // Main says a sign-in waits in the browser (SessionView.pendingSignIn).
    useSession().view = { ...SIGNED_OUT, pendingSignIn: { address: 'https://fleet.example.com' } };
    await flushPromises();
    const waiting = wrapper.find('[data-testid="sign-in-waiting"]');
    expect(waiting.text()).toContain('Continue in your browser');
    expect(waiting.text()).toContain('https://fleet.example.com');
    await waiting
      .findAll('button')
      .find((b) => b.text() === 'Open the sign-in page again')!
      .trigger('click');
    await waiting
      .findAll('button')
      .find((b) => b.text() === 'Cancel')!
      .trigger('click');
    await flushPromises();
    expect(bridge.callsOf('session.openSignInPage')).toHaveLength(1);
    expect(bridge.callsOf('session.cancelSignIn')).toHaveLength(1);
    finish!();
    await settle();
    expect(useSession().signedIn).toBe(true);
  });

  it('refuses plain http:// to another computer before anything is sent, and says why', async () => {
    const bridge = new FakeBridge();
    const wrapper = await openRemote(bridge);
    await fill(wrapper, { address: 'http://fleet.example.com' });
    await wrapper.find('form.browser').trigger('submit');
    await settle();
    expect(bridge.callsOf('session.signInWithBrowser')).toHaveLength(0);
    expect(wrapper.find('input[name="address"]').attributes('aria-invalid')).toBe('true');
    expect(wrapper.find('[data-testid="connect-error"]').text()).toContain(
      'anyone on the network could read it',
    );
  });

  it('takes plain http:// on this computer (a local service)', async () => {
    const bridge = new FakeBridge().handle('session.signInWithBrowser', DEMO_SESSION);
    const wrapper = await openRemote(bridge);
    for (const address of ['http://127.0.0.1:8787', 'http://localhost:8787', 'http://[::1]:8787']) {
      await fill(wrapper, { address });
      await wrapper.find('form.browser').trigger('submit');
      await settle();
    }
    expect(bridge.callsOf('session.signInWithBrowser')).toHaveLength(3);
  });

  it('opens More options with the reason when the service has no browser sign-in', async () => {
    const bridge = new FakeBridge().fail('session.signInWithBrowser', {
      code: 'sign_in_unsupported',
      message:
        'This service offers no sign-in through the browser. Sign in with an access token instead (More options).',
    });
    const wrapper = await openRemote(bridge);
    await fill(wrapper, { address: 'https://legacy.example.com' });
    await wrapper.find('form.browser').trigger('submit');
    await settle();
    expect(wrapper.find('[data-testid="connect-error"]').text()).toContain('no sign-in through the browser');
    expect((wrapper.find('details.more').element as HTMLDetailsElement).open).toBe(true);
  });

  it('says why a ws:// address to another computer is refused in the token form', async () => {
    const bridge = new FakeBridge();
    const wrapper = await openRemote(bridge);
    await fill(wrapper, { ...PROFILE, api_ws_url: 'ws://ws.example.com' });
    await wrapper.find('input[name="token"]').setValue('a-long-enough-token');
    await wrapper.find('form.remote').trigger('submit');
    await settle();
    expect(bridge.callsOf('session.signInRemote')).toHaveLength(0);
    expect(wrapper.find('input[name="api_ws_url"]').attributes('aria-invalid')).toBe('true');
    expect(wrapper.text()).toContain(PLAIN_TRANSPORT_MESSAGE);
  });

  it('offers the address of a sign-in that ended again, on the Remote tab', async () => {
    // The session is known before the screen shows, as after a refused renewal.
    const pinia = createPinia();
    setActivePinia(pinia);
    setBridge(new FakeBridge());
    const profile = {
      kind: 'oauth' as const,
      name: 'fleet.example.com',
      address: 'https://fleet.example.com',
    };
    useSession().view = { ...SIGNED_OUT, signedIn: true, needsSignIn: true, profile };
    const wrapper = mount(ConnectView, { global: { plugins: [pinia] }, attachTo: document.body });
    current = wrapper;
    expect(wrapper.text()).toContain('The service asked for a new sign-in. Your local data is kept.');
    expect((wrapper.find('input[name="address"]').element as HTMLInputElement).value).toBe(
      'https://fleet.example.com',
    );
  });
});

describe('connect screen: why the operator is here', () => {
  it('shows a sign-in that ended, and lets the operator dismiss it', async () => {
    const bridge = new FakeBridge().handle('notices.dismiss', null);
    const wrapper = await openRemote(bridge);
    useNotices().list = [
      {
        id: 'session:ended:1',
        kind: 'error',
        message: 'Your sign-in to fleet.example.com has ended: the service did not renew it (invalid_grant).',
        at: 1,
      },
      { id: 'deprecation:x', kind: 'deprecation', message: 'An old route.', at: 2 },
    ];
    await settle();
    const shown = wrapper.find('ul[aria-label="Notices"]');
    expect(shown.text()).toContain('has ended: the service did not renew it');
    expect(shown.text()).not.toContain('An old route.');
    await shown.find('button').trigger('click');
    await settle();
    expect(bridge.callsOf('notices.dismiss')).toEqual([{ id: 'session:ended:1' }]);
    expect(wrapper.find('ul[aria-label="Notices"]').exists()).toBe(false);
  });
});
