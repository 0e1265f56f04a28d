import { afterEach, describe, expect, it, vi } from 'vitest';
import { bytesToBase64 } from '../../../src/shared/ipc/base64-bytes';

const MIB = 1024 * 1024;

describe('bytes as base64', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('encodes a view by its own bytes only, as Node does', () => {
    const whole = Uint8Array.from({ length: 300 }, (_, i) => (i * 7) % 256);
    const view = whole.subarray(5, 290);
    const text = bytesToBase64(view);
    expect(text).toBe(Buffer.from(view).toString('base64'));
    expect(new Uint8Array(Buffer.from(text, 'base64'))).toEqual(view);
  });

  it('encodes megabytes with btoa alone (a page picking a 5 MiB photo) without overflowing the call stack', async () => {
    const bytes = new Uint8Array(3 * MIB).map((_, i) => i % 251);
    const expected = Buffer.from(bytes).toString('base64');
    vi.stubGlobal('Buffer', undefined);
    vi.resetModules();
    const plain = await import('../../../src/shared/ipc/base64-bytes');
    const text = plain.bytesToBase64(bytes);
    expect(text.length).toBe(4 * MIB);
    expect(text).toBe(expected);
  }, 30_000);
});
