import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import { fakeLayout } from '../support/fake-layout';
import { signedInBridge } from '../support/signed-in-bridge';
import { dialog, fill, FLEET, flush, mountMaintenance, rowTexts } from './maintenance-fixture';

const NOW = Date.UTC(2026, 10, 26, 10);
const DAY = 86_400_000;
const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const GRID = 'Service and renewal reminders';
const van = FLEET.assets[1]!;

let current: VueWrapper | null = null;
let undo: () => void = () => undefined;
beforeAll(() => (undo = fakeLayout({ scroller: { height: 600 } })));
afterAll(() => undo());
afterEach(() => {
  current?.unmount();
  current = null;
});

async function open(bridge = signedInBridge({ fleet: FLEET, now: NOW }), assetId: number | null = van.id) {
  current = await mountMaintenance(bridge, assetId);
  return { w: current, bridge };
}

async function addService(w: VueWrapper, name: string, dueDate: string, repeatDays = ''): Promise<void> {
  await w.get('[data-action="new-service"]').trigger('click');
  await fill(w, '#service-name', name);
  await fill(w, '#service-due-date', dueDate);
  await fill(w, '#service-repeat-days', repeatDays);
  await dialog(w, 'New service reminder')!.get('form').trigger('submit');
  await flush();
}

describe('the Maintenance screen’s reminders', () => {
  it('opens on the asset the panel asked for, and adds a service reminder that shows overdue at once', async () => {
    const { w, bridge } = await open();
    expect((w.get('[data-testid="maintenance-asset"] input').element as HTMLInputElement).value).toBe(
      van.name,
    );
    expect(w.text()).toContain('No reminders yet.');
    await addService(w, 'Brake check', day(NOW - 3 * DAY));
    expect(bridge.callsOf('serviceReminders.create')).toEqual([
      { body: { asset_id: van.id, name: 'Brake check', due_date: day(NOW - 3 * DAY) } },
    ]);
    expect(dialog(w, 'New service reminder')).toBeUndefined();
    const [row] = rowTexts(w, GRID);
    expect(row).toMatch(/^Overdue Brake check One-off service .* 3 days overdue/);
    expect(w.get('[role="status"]').text()).toBe('Added Brake check.');
    expect(w.get('[data-tab="reminders"] .overdue').text()).toBe('1');
  });

  it('shows the shared schema’s errors beside their fields before anything is sent', async () => {
    const { w, bridge } = await open(undefined, null);
    await w.get('[data-action="new-service"]').trigger('click');
    const form = dialog(w, 'New service reminder')!;
    await form.get('form').trigger('submit');
    await flush();
    expect(form.get('#service-name-error').text()).toBe('required');
    expect(form.get('#service-name').attributes('aria-invalid')).toBe('true');
    expect(form.get('#service-name').attributes('aria-describedby')).toBe(
      'service-name-hint service-name-error',
    );
    expect(form.get('#service-asset-error').text()).toContain('choose the asset');
    expect(form.get('#service-asset').attributes('aria-invalid')).toBe('true');
    // The first field in error, the asset picker, has the focus.
    expect(document.activeElement).toBe(form.get('#service-asset').element);
    expect(bridge.callsOf('serviceReminders.create')).toEqual([]);
    // Typing into the field clears its error.
    await fill(w, '#service-name', 'Oil');
    expect(form.find('#service-name-error').exists()).toBe(false);
  });

  it('puts the service’s spec 7 field errors next to their fields and keeps what was typed', async () => {
    const bridge = signedInBridge({ fleet: FLEET, now: NOW }).fail('serviceReminders.create', {
      code: 'invalid_request',
      message: 'The given data was invalid.',
      details: { due_odometer_km: ['is below the asset’s odometer'] },
    });
    const { w } = await open(bridge);
    await w.get('[data-action="new-service"]').trigger('click');
    await fill(w, '#service-name', 'Tyres');
    await fill(w, '#service-due-km', '1000');
    await dialog(w, 'New service reminder')!.get('form').trigger('submit');
    await flush();
    const form = dialog(w, 'New service reminder')!;
    expect(form.get('#service-due-km-error').text()).toBe('is below the asset’s odometer');
    expect(form.get('[role="alert"]').text()).toBe('Not saved: The given data was invalid.');
    expect((form.get('#service-name').element as HTMLInputElement).value).toBe('Tyres');
  });

  it('marks a repeating reminder done: main schedules the next, and the list shows it', async () => {
    const { w, bridge } = await open();
    await addService(w, 'Oil', day(NOW - DAY), '180');
    bridge.handle('reminders.done', (a) => ({
      next: {
        id: a?.id ?? 0,
        asset_id: van.id,
        name: 'Oil',
        due_date: '2027-05-20',
        repeat_days: 180,
        created_at: '',
        updated_at: '',
        due: { status: 'ok', daysLeft: 175, kmLeft: null },
      },
    }));
    await w.get('[data-action="done"]').trigger('click');
    const done = dialog(w, 'Mark done: Oil')!;
    expect(done.get('[data-testid="done-outcome"]').text()).toMatch(
      /^It repeats every 180 days: the next one/,
    );
    await fill(w, '#done-on', '2026-11-22');
    await fill(w, '#done-km', '182400');
    await done.get('form').trigger('submit');
    await flush();
    expect(bridge.callsOf('reminders.done')).toEqual([
      { kind: 'service', id: expect.any(Number), doneOn: '2026-11-22', odometerKm: 182_400 },
    ]);
    expect(w.get('[role="status"]').text()).toMatch(new RegExp(`^Oil for ${van.name} done; next due `));
  });

  it('deletes a reminder only after the confirmation', async () => {
    const { w, bridge } = await open();
    await addService(w, 'Belt', day(NOW + 40 * DAY));
    await w.get('[data-action="delete"]').trigger('click');
    expect(dialog(w, 'Delete Belt?')!.text()).toContain('is deleted for every operator of the account');
    expect(bridge.callsOf('serviceReminders.remove')).toEqual([]);
    await dialog(w, 'Delete Belt?')!.get('[data-action="confirm"]').trigger('click');
    await flush();
    expect(bridge.callsOf('serviceReminders.remove')).toHaveLength(1);
    expect(rowTexts(w, GRID)).toEqual([]);
  });

  it('filters by state with counts, and opens a row’s edit form with Enter', async () => {
    const { w } = await open();
    await addService(w, 'Late', day(NOW - 5 * DAY));
    await addService(w, 'Soon', day(NOW + 3 * DAY));
    await addService(w, 'Later', day(NOW + 90 * DAY));
    expect(rowTexts(w, GRID).map((r) => r.split(' ')[0])).toEqual(['Overdue', 'Due', 'Scheduled']);
    const chip = w.get('[data-due="due_soon"].chip');
    expect(chip.text()).toBe('Due soon 1');
    await chip.trigger('click');
    expect(rowTexts(w, GRID)).toHaveLength(1);
    expect(rowTexts(w, GRID)[0]).toContain('Soon');
    const grid = w.get(`[role="grid"][aria-label="${GRID}"]`);
    await grid.trigger('focus');
    await grid.trigger('keydown', { key: 'Enter' });
    const edit = dialog(w, 'Edit service reminder')!;
    expect((edit.get('#service-name').element as HTMLInputElement).value).toBe('Soon');
  });

  it('adds a renewal with what it renews and when it expires', async () => {
    const { w, bridge } = await open();
    await w.get('[data-action="new-renewal"]').trigger('click');
    await w.get('#renewal-kind').setValue('registration');
    await fill(w, '#renewal-due-date', day(NOW + 10 * DAY));
    await dialog(w, 'New renewal')!.get('form').trigger('submit');
    await flush();
    expect(bridge.callsOf('renewalReminders.create')).toEqual([
      {
        body: {
          asset_id: van.id,
          kind: 'registration',
          due_date: day(NOW + 10 * DAY),
          remind_days_before: 30,
        },
      },
    ]);
    expect(rowTexts(w, GRID)[0]).toMatch(/^Due soon Registration Renewal/);
  });

  it('offline, shows the cached list with its age and refuses a change in main’s words, keeping the form', async () => {
    const { w } = await open(signedInBridge({ fleet: FLEET, now: Date.now() - 5 * 60_000, offline: true }));
    expect(w.get('[data-testid="list-age"]').text()).toBe(
      'Offline — showing the reminders as read 5 min ago. Changes cannot be made until the service is back.',
    );
    await w.get('[data-action="new-service"]').trigger('click');
    await fill(w, '#service-name', 'Brakes');
    await fill(w, '#service-due-date', day(NOW));
    await dialog(w, 'New service reminder')!.get('form').trigger('submit');
    await flush();
    const form = dialog(w, 'New service reminder')!;
    expect(form.get('[role="alert"]').text()).toBe(
      'Not saved: The service cannot be reached: nothing was changed.',
    );
    expect((form.get('#service-name').element as HTMLInputElement).value).toBe('Brakes');
  });

  it('moves between its tabs with the arrow keys', async () => {
    const { w } = await open(undefined, null);
    const tabs = w.get('[role="tablist"]');
    await tabs.trigger('keydown', { key: 'ArrowRight' });
    expect(w.get('[data-tab="odometer"]').attributes('aria-selected')).toBe('true');
    expect(w.get('[role="tabpanel"]').attributes('aria-labelledby')).toBe('maintenance-tab-odometer');
    await tabs.trigger('keydown', { key: 'End' });
    expect(w.get('[data-tab="tags"]').attributes('aria-selected')).toBe('true');
    await tabs.trigger('keydown', { key: 'ArrowRight' });
    expect(w.get('[data-tab="reminders"]').attributes('aria-selected')).toBe('true');
  });
});
