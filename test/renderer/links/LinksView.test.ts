import { afterEach, describe, expect, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import LinksView from '../../../src/renderer/src/features/links/LinksView.vue';
import { useFleet } from '../../../src/renderer/src/stores/fleet';
import type { IpcArgs, TrackingLink } from '../../../src/shared/ipc';
import { FakeBridge } from '../support/fake-bridge';
import { mountWithBridge, settle } from '../support/mount-with-bridge';
import { simFleet } from '../support/sim-fleet';

let current: VueWrapper | null = null;
afterEach(() => current?.unmount());

const link = (over: Partial<TrackingLink>): TrackingLink => ({
  id: 1,
  uuid: '0b6a3c1e-8f43-4a7e-9c55-2a1f7e7b9d10',
  name: 'Van 0002',
  public_url: 'http://127.0.0.1:4000/track/0b6a3c1e-8f43-4a7e-9c55-2a1f7e7b9d10',
  access_type: 'public',
  show_eta: true,
  show_history: false,
  expires_at: null,
  asset_id: 2,
  ...over,
});

async function mountLinks(bridge: FakeBridge): Promise<VueWrapper> {
  const { wrapper } = mountWithBridge(LinksView, bridge, {
    assetId: null,
    intent: { kind: 'share', assetId: 2, seq: 5 },
  });
  current = wrapper;
  const fleet = simFleet(4);
  useFleet().applySnapshot({
    assets: fleet.assets,
    positions: fleet.positions,
    fetchedAt: 0,
    fromCache: false,
  });
  await settle();
  return wrapper;
}

/** Submits the form; returns every request main was sent so far. */
async function submitForm(
  wrapper: VueWrapper,
  bridge: FakeBridge,
): Promise<IpcArgs<'links.create'>['request'][]> {
  await wrapper.find('form').trigger('submit');
  await settle();
  return (bridge.callsOf('links.create') as IpcArgs<'links.create'>[]).map((c) => c.request);
}

describe('tracking links screen', () => {
  it('creates a link for the asset the share action named, with what each access type means', async () => {
    const created = link({ id: 7, name: 'For the customer', access_type: 'email_code' });
    const bridge = new FakeBridge()
      .handle('links.list', [])
      .handle('links.create', created)
      .handle('app.copyText', null);
    const wrapper = await mountLinks(bridge);
    expect(wrapper.emitted('intent-handled')).toEqual([[5]]);
    const picker = wrapper.find('[data-testid="link-asset"] input[role="combobox"]');
    expect((picker.element as HTMLInputElement).value).toBe(useFleet().assetsById.get(2)!.name);
    expect(wrapper.text()).toContain('The viewer verifies an e-mail address and enters a one-time code');

    await wrapper.find('[data-testid="link-name"]').setValue('For the customer');
    await wrapper.find('input[name="access"][value="email_code"]').setValue(true);
    await wrapper.find('[data-testid="link-viewers"]').setValue('Customer@Example.com,\n@partner.example ');
    await wrapper.find('[data-testid="link-eta"]').setValue(true);
    await wrapper.find('[data-expiry="7d"]').setValue(true);
    await wrapper.find('form').trigger('submit');
    await settle();

    const sent = bridge.callsOf('links.create') as IpcArgs<'links.create'>[];
    expect(sent).toHaveLength(1);
    expect(sent[0]!.request).toMatchObject({
      asset_id: 2,
      name: 'For the customer',
      access_type: 'email_code',
      show_eta: true,
      show_history: false,
      allowed_viewers: ['customer@example.com', '@partner.example'],
    });
    const expires = Date.parse(String(sent[0]!.request.expires_at));
    expect(Math.abs(expires - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);

    expect(wrapper.find('[data-testid="link-created"]').text()).toContain(created.public_url);
    expect(wrapper.find('[data-link-id="7"]').exists()).toBe(true);
    await wrapper.find('[data-testid="link-created"] button').trigger('click');
    await settle();
    expect(bridge.callsOf('app.copyText')).toEqual([{ text: created.public_url }]);
  });

  it('starts every link sharing nothing extra: ETA, history and viewers reset after each link', async () => {
    const bridge = new FakeBridge().handle('links.list', []).handle('links.create', link({ id: 3 }));
    const wrapper = await mountLinks(bridge);
    const eta = wrapper.find<HTMLInputElement>('[data-testid="link-eta"]');
    const history = wrapper.find<HTMLInputElement>('[data-testid="link-history"]');
    expect([eta.element.checked, history.element.checked]).toEqual([false, false]);

    await wrapper.find('[data-testid="link-name"]').setValue('Delivery to ACME');
    await wrapper.find('input[name="access"][value="email"]').setValue(true);
    await wrapper.find('[data-testid="link-viewers"]').setValue('buyer@acme.example');
    await eta.setValue(true);
    await history.setValue(true);
    const [first] = await submitForm(wrapper, bridge);
    expect(first).toMatchObject({
      show_eta: true,
      show_history: true,
      allowed_viewers: ['buyer@acme.example'],
    });

    expect([eta.element.checked, history.element.checked]).toEqual([false, false]);
    expect((wrapper.find('[data-testid="link-name"]').element as HTMLInputElement).value).toBe('');
    expect((wrapper.find('[data-testid="link-viewers"]').element as HTMLTextAreaElement).value).toBe('');
    await wrapper.find('[data-testid="link-viewers"]').setValue('next.customer@example.com');
    const [, second] = await submitForm(wrapper, bridge);
    expect(second).toMatchObject({
      show_eta: false,
      show_history: false,
      allowed_viewers: ['next.customer@example.com'],
    });
  });

  it('asks who may view only for e-mail links, and refuses a list that names nobody or a bad entry', async () => {
    const bridge = new FakeBridge().handle('links.list', []).handle('links.create', link({}));
    const wrapper = await mountLinks(bridge);
    expect(wrapper.find('[data-testid="link-viewers"]').exists()).toBe(false);
    await wrapper.find('input[name="access"][value="authorized_only"]').setValue(true);
    expect(wrapper.find('[data-testid="link-viewers"]').exists()).toBe(false);
    await wrapper.find('input[name="access"][value="email"]').setValue(true);
    expect(wrapper.find('[data-testid="link-viewers"]').exists()).toBe(true);

    expect(await submitForm(wrapper, bridge)).toEqual([]);
    expect(wrapper.find('[data-error="allowed_viewers"]').text()).toBe(
      'Name who may view this link: e-mail addresses or @domain entries',
    );
    await wrapper.find('[data-testid="link-viewers"]').setValue('ok@example.com\nbob@');
    expect(await submitForm(wrapper, bridge)).toEqual([]);
    expect(wrapper.find('[data-error="allowed_viewers"]').text()).toBe(
      '"bob@" is neither an e-mail address (name@example.com) nor a whole domain (@example.com)',
    );

    // Switching to a type without viewers sends none of what was typed.
    await wrapper.find('input[name="access"][value="public"]').setValue(true);
    const sent = await submitForm(wrapper, bridge);
    expect(sent.map((r) => r.allowed_viewers)).toEqual([[]]);
  });

  it('shares another asset picked by typing its registration', async () => {
    const bridge = new FakeBridge().handle('links.list', []).handle('links.create', link({ id: 9 }));
    const wrapper = await mountLinks(bridge);
    const other = useFleet().assetsById.get(4)!;
    const picker = wrapper.find('[data-testid="link-asset"] input[role="combobox"]');
    await picker.setValue(other.registration!);
    await picker.trigger('keydown', { key: 'ArrowDown' });
    await picker.trigger('keydown', { key: 'ArrowUp' });
    await picker.trigger('keydown', { key: 'Enter' });
    expect((picker.element as HTMLInputElement).value).toBe(other.name);
    await wrapper.find('form').trigger('submit');
    await settle();
    const sent = bridge.callsOf('links.create') as IpcArgs<'links.create'>[];
    expect(sent.map((s) => s.request.asset_id)).toEqual([4]);
  });

  it('refuses a custom expiry in the past without calling main', async () => {
    const bridge = new FakeBridge().handle('links.list', []).handle('links.create', link({}));
    const wrapper = await mountLinks(bridge);
    await wrapper.find('[data-expiry="custom"]').setValue(true);
    await wrapper.find('[data-testid="link-custom-expiry"]').setValue('2020-05-01T10:00');
    await wrapper.find('form').trigger('submit');
    await settle();
    expect(wrapper.find('[data-error="expires_at"]').text()).toBe('The expiry must be in the future');
    expect(bridge.callsOf('links.create')).toEqual([]);
  });

  it('lists links as main pushes them, marks expired ones, copies and opens URLs through main', async () => {
    const live = link({ id: 1, expires_at: new Date(Date.now() + 3 * 3_600_000).toISOString() });
    const old = link({
      id: 2,
      name: 'Last week',
      expires_at: new Date(Date.now() - 86_400_000).toISOString(),
    });
    const bridge = new FakeBridge()
      .handle('links.list', [live])
      .handle('app.copyText', null)
      .handle('app.openExternal', null);
    const wrapper = await mountLinks(bridge);
    expect(wrapper.findAll('[data-link-id]')).toHaveLength(1);

    bridge.emit('links.changed', [live, old]);
    await settle();
    expect(wrapper.find('[data-link-id="2"] [data-testid="link-expired"]').text()).toBe('Expired');
    expect(wrapper.find('[data-link-id="1"] [data-testid="link-expired"]').exists()).toBe(false);
    expect(wrapper.find('[data-link-id="1"]').text()).toContain('Expires in 3 h');

    await wrapper.find('[data-link-id="1"] [data-action="copy"]').trigger('click');
    await wrapper.find('[data-link-id="1"] [data-action="open"]').trigger('click');
    await settle();
    expect(bridge.callsOf('app.copyText')).toEqual([{ text: live.public_url }]);
    expect(bridge.callsOf('app.openExternal')).toEqual([{ url: live.public_url }]);
    expect(wrapper.find('[data-link-id="2"] [data-action="open"]').attributes('disabled')).toBeDefined();
  });

  it('says what a row action did, or why it failed, in the list header', async () => {
    const live = link({ id: 1, name: 'For the depot' });
    const bridge = new FakeBridge().handle('links.list', [live]).handle('app.copyText', null);
    const wrapper = await mountLinks(bridge);
    await wrapper.find('[data-link-id="1"] [data-action="copy"]').trigger('click');
    await settle();
    expect(wrapper.find('header [role="status"]').text()).toBe('Copied the link to For the depot');

    bridge.fail('app.openExternal', {
      code: 'invalid_request',
      message: 'Only https links open outside the app',
    });
    await wrapper.find('[data-link-id="1"] [data-action="open"]').trigger('click');
    await settle();
    const said = wrapper.find('header [role="status"]');
    expect(said.text()).toBe('Only https links open outside the app');
    expect(said.classes()).toContain('error');
  });
});
