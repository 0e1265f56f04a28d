import { describe, expect, it } from 'vitest';
import { hostFrameSchema, invokeFrameSchema } from '../../../src/shared/ipc/socket-frames';

describe("the browser shell's socket frames", () => {
  it('accept an invoke with or without arguments, and nothing else from a page', () => {
    expect(invokeFrameSchema.parse({ type: 'invoke', id: 1, method: 'session.get' })).toEqual({
      type: 'invoke',
      id: 1,
      method: 'session.get',
    });
    expect(invokeFrameSchema.safeParse({ type: 'invoke', id: 2, method: 'x', args: { a: 1 } }).success).toBe(
      true,
    );
    for (const bad of [
      { type: 'invoke', id: -1, method: 'session.get' },
      { type: 'invoke', id: 1.5, method: 'session.get' },
      { type: 'invoke', id: 1, method: '' },
      { type: 'invoke', id: 1, method: 'm'.repeat(101) },
      { type: 'reply', id: 1, reply: { ok: true, value: 1 } },
      null,
      'invoke',
    ])
      expect(invokeFrameSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('accept every frame the host sends', () => {
    const frames = [
      { type: 'reply', id: 3, reply: { ok: true, value: { signedIn: true } } },
      { type: 'reply', id: 4, reply: { ok: false, error: { code: 'bad_args', message: 'No.' } } },
      {
        type: 'reply',
        id: 5,
        reply: { ok: false, error: { code: 'bad_args', message: 'No.', details: { from: ['Required'] } } },
      },
      { type: 'push', event: 'notice', payload: { id: 'n' } },
      { type: 'download', url: '/__fleetdesk/download/abc', filename: 'trips.pdf' },
      { type: 'open', url: '/__fleetdesk/download/abc' },
      { type: 'copy', text: 'https://track.example/abc' },
      { type: 'error', message: 'A frame was not JSON.' },
    ];
    for (const frame of frames) expect(hostFrameSchema.parse(frame)).toEqual(frame);
  });

  it('refuse host frames that lie about their shape', () => {
    for (const bad of [
      { type: 'reply', id: 'x', reply: { ok: true, value: 1 } },
      { type: 'reply', id: 1, reply: { ok: 'yes', value: 1 } },
      { type: 'reply', id: 1, reply: { ok: false } },
      { type: 'reply', id: 1, reply: { ok: false, error: { code: 1, message: 'm' } } },
      { type: 'push', payload: 1 },
      { type: 'download', url: '/x' },
      { type: 'open', url: 7 },
      { type: 'copy' },
      { type: 'error' },
      { type: 'invoke', id: 1, method: 'session.get' },
      [],
    ])
      expect(hostFrameSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
