import { afterEach, describe, expect, it } from 'vitest';
import ConnectView from '../../../src/renderer/src/features/connect/ConnectView.vue';
import { useSession } from '../../../src/renderer/src/stores/session';
import { FakeBridge } from '../support/fake-bridge';
import { mountWithBridge, settle } from '../support/mount-with-bridge';
import { DEMO_SESSION, SIGNED_OUT } from '../support/sim-fleet';
import type { VueWrapper } from '@vue/test-utils';

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

describe('connect screen', () => {
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
    await wrapper.find('form').trigger('submit');
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
    await wrapper.find('form').trigger('submit');
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
    await wrapper.find('form').trigger('submit');
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
    await wrapper.find('form').trigger('submit');
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
    await wrapper.find('form').trigger('submit');
    await settle();
    expect(wrapper.text()).toContain('must be the fleet tracking address');
    expect(wrapper.find('input[name="api_url"]').attributes('aria-invalid')).toBe('true');
  });
});
