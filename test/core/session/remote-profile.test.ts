import { describe, expect, it } from 'vitest';
import { checkRemoteProfile } from '../../../src/main/core/session/remote-profile';

const good = {
  kind: 'remote',
  name: 'Acme fleet',
  base_url: 'https://reports.acme.example',
  ws_url: 'wss://ws.acme.example',
  api_url: 'https://api.acme.example',
  api_ws_url: 'wss://ws-api.acme.example',
  tracking_url: 'https://track.acme.example',
  app_key: 'app-key-1',
  account_key: 'acme',
  user_id: 42,
};

describe('remote connection profiles', () => {
  it('accepts a complete profile', () => {
    expect(checkRemoteProfile(good)).toEqual({ ok: true, profile: good });
  });

  it('says which fields are wrong and what they should be', () => {
    const r = checkRemoteProfile({
      ...good,
      ws_url: 'https://ws.acme.example',
      api_url: 'not a url',
      user_id: -1,
      app_key: ' ',
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual(['api_url', 'app_key', 'user_id', 'ws_url']);
    expect(r.errors.ws_url).toEqual([
      'must be the reporting WebSocket address, a wss URL such as wss://ws.example.com',
    ]);
    expect(r.errors.user_id?.[0]).toMatch(/positive whole number/);
    expect(r.message).toBe('The connection settings are not valid: check ws_url, api_url, app_key, user_id.');
  });

  it('rejects something that is not a profile at all', () => {
    const r = checkRemoteProfile('https://api.acme.example');
    expect(r.ok).toBe(false);
  });
});
