import { describe, expect, it } from 'vitest';
import {
  liveAuthEndpoint,
  pusherSettings,
  reportsAuthEndpoint,
} from '../../../src/main/core/realtime/pusher-settings';

describe('pusher-js settings derived from the profile (spec 6.1)', () => {
  it('uses TLS on port 443 for a wss:// address without a port', () => {
    const s = pusherSettings({
      wsUrl: 'wss://ws.example.com',
      authEndpoint: 'https://x/auth',
      token: () => 'tok',
    });
    expect(s).toMatchObject({
      cluster: '',
      wsHost: 'ws.example.com',
      wsPort: 443,
      wssPort: 443,
      forceTLS: true,
      enabledTransports: ['ws', 'wss'],
      disableStats: true,
      channelAuthorization: {
        endpoint: 'https://x/auth',
        transport: 'ajax',
      },
    });
    const auth = s.channelAuthorization;
    expect(auth && 'headersProvider' in auth ? auth.headersProvider?.() : null).toEqual({
      Authorization: 'Bearer tok',
    });
    expect(s.wsPath).toBeUndefined();
  });

  it('uses no TLS and the given port for ws://, and keeps a path', () => {
    const s = pusherSettings({
      wsUrl: 'ws://127.0.0.1:6001/socket/',
      authEndpoint: 'http://a',
      token: () => 't',
    });
    expect(s).toMatchObject({
      wsHost: '127.0.0.1',
      wsPort: 6001,
      wssPort: 6001,
      forceTLS: false,
      wsPath: '/socket',
    });
  });

  it('refuses an address that is not a WebSocket one, saying what is expected', () => {
    expect(() =>
      pusherSettings({ wsUrl: 'https://ws.example.com', authEndpoint: 'a', token: () => 't' }),
    ).toThrow(/ws:\/\/ or wss:\/\//);
  });

  it('authorizes reports through {base_url}/api/broadcasting/auth and live through {api_url}/broadcasting/auth', () => {
    expect(reportsAuthEndpoint('https://reports.example.com/')).toBe(
      'https://reports.example.com/api/broadcasting/auth',
    );
    expect(liveAuthEndpoint('https://api.example.com')).toBe('https://api.example.com/broadcasting/auth');
  });
});
