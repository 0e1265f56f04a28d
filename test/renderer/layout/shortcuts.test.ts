import { describe, expect, it } from 'vitest';
import { SHORTCUTS, shortcutFor, type KeyLike } from '../../../src/renderer/src/layout/shortcuts';
import { resolveTheme } from '../../../src/renderer/src/layout/theme';

const key = (k: string, over: Partial<KeyLike> = {}): KeyLike => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  inTextField: false,
  ...over,
});

describe('keyboard shortcuts', () => {
  it('switches screens with 1 to 5', () => {
    expect(shortcutFor(key('1'))).toEqual({ kind: 'screen', screen: 'map' });
    expect(shortcutFor(key('4'))).toEqual({ kind: 'screen', screen: 'links' });
    expect(shortcutFor(key('5'))).toEqual({ kind: 'screen', screen: 'alarms' });
  });

  it('mutes and unmutes the alarms with M, except while typing', () => {
    expect(shortcutFor(key('m'))).toEqual({ kind: 'toggleMute' });
    expect(shortcutFor(key('M'))).toEqual({ kind: 'toggleMute' });
    expect(shortcutFor(key('m', { inTextField: true }))).toBeNull();
  });

  it('maps the common map actions', () => {
    expect(shortcutFor(key('/'))).toEqual({ kind: 'focusSearch' });
    expect(shortcutFor(key('f'))).toEqual({ kind: 'fitFleet' });
    expect(shortcutFor(key('L'))).toEqual({ kind: 'toggleFollow' });
    expect(shortcutFor(key('?'))).toEqual({ kind: 'help' });
  });

  it('opens the settings with a comma', () => {
    expect(shortcutFor(key(','))).toEqual({ kind: 'settings' });
    expect(shortcutFor(key(',', { inTextField: true }))).toBeNull();
  });

  it('lists every key it answers to, and the history replay’s keys in their own group', () => {
    const [general, replay] = SHORTCUTS;
    const listed = general!.shortcuts.flatMap((s) => s.keys.split(' '));
    for (const k of ['/', 'F', 'L', 'M', 'Esc', ',', '?']) expect(listed).toContain(k);
    expect(replay!.title).toBe('History replay');
    expect(replay!.shortcuts.map((s) => s.keys)).toEqual(['Space', '← →', '+ −']);
  });

  it('stays out of the way while typing, except Escape', () => {
    expect(shortcutFor(key('f', { inTextField: true }))).toBeNull();
    expect(shortcutFor(key('1', { inTextField: true }))).toBeNull();
    expect(shortcutFor(key('Escape', { inTextField: true }))).toEqual({ kind: 'escape' });
  });

  it('leaves browser and system shortcuts alone', () => {
    expect(shortcutFor(key('f', { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(key('1', { metaKey: true }))).toBeNull();
  });
});

describe('theme', () => {
  it('follows the OS unless the settings choose one', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
  });
});
