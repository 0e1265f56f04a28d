import { describe, expect, it } from 'vitest';
import { carriesTokenSafely, isLoopbackHost } from '../../../src/shared/ipc/secure-transport';
import { remoteProfileSchema, serviceAddressSchema } from '../../../src/shared/ipc/views';

describe('where a bearer token may travel', () => {
  it('goes anywhere over TLS', () => {
    for (const url of [
      'https://fleet.example.com',
      'wss://ws.fleet.example.com:6001/app',
      'https://10.0.0.4',
    ])
      expect(carriesTokenSafely(url), url).toBe(true);
  });

  it('goes in the clear only to this computer: 127.0.0.0/8, ::1, localhost', () => {
    for (const url of [
      'http://127.0.0.1:8787',
      'ws://127.0.0.1:8787',
      'http://127.8.9.10',
      'http://localhost:8787',
      'http://LOCALHOST',
      'http://[::1]:8787',
      // The URL parser's own spellings of 127.0.0.1.
      'http://127.1/',
      'http://0x7f.0.0.1/',
    ])
      expect(carriesTokenSafely(url), url).toBe(true);
  });

  it('never in the clear to another host, however it is spelled', () => {
    for (const url of [
      'http://fleet.example.com',
      'ws://ws.fleet.example.com',
      'http://10.0.0.4:8787',
      'http://128.0.0.1',
      'http://localhost.evil.example',
      'http://127.0.0.1.evil.example',
      'http://[::2]',
      'ftp://127.0.0.1',
      'not a url',
    ])
      expect(carriesTokenSafely(url), url).toBe(false);
    expect(isLoopbackHost('127.0.0.256')).toBe(false);
  });

  it('is the rule of the shared profile schemas', () => {
    expect(serviceAddressSchema.safeParse('http://fleet.example.com').success).toBe(false);
    expect(serviceAddressSchema.safeParse('http://127.0.0.1:8787').success).toBe(true);
    expect(serviceAddressSchema.safeParse('https://fleet.example.com/?x=1').success).toBe(false);
    const remote = {
      kind: 'remote',
      name: 'Acme',
      base_url: 'https://reports.acme.example',
      ws_url: 'wss://ws.acme.example',
      api_url: 'https://api.acme.example',
      api_ws_url: 'wss://ws.acme.example',
      tracking_url: 'https://track.acme.example',
      app_key: 'k',
      account_key: 'acme',
      user_id: 1,
    };
    expect(remoteProfileSchema.safeParse(remote).success).toBe(true);
    const clear = remoteProfileSchema.safeParse({ ...remote, ws_url: 'ws://ws.acme.example' });
    expect(clear.success).toBe(false);
    expect(clear.error?.issues[0]?.path).toEqual(['ws_url']);
    expect(clear.error?.issues[0]?.message).toMatch(/anyone on the network could read it/);
  });
});
