/**
 * Every secret the app sends or receives over `base`: Bearer tokens it sends,
 * and the access, refresh and ID tokens in the token endpoint's answers.
 * Tests then look for each of them where none may be (pushes, views, logs).
 */
export function secretWatchingFetch(base: typeof fetch, secrets: Set<string>): typeof fetch {
  return async (input, init) => {
    const auth = new Headers(init?.headers).get('authorization');
    if (auth?.startsWith('Bearer ')) secrets.add(auth.slice('Bearer '.length));
    const res = await base(input, init);
    const url = input instanceof Request ? input.url : String(input);
    if (new URL(url).pathname === '/oauth/token' && res.ok) {
      const body: unknown = await res.clone().json();
      if (typeof body === 'object' && body !== null)
        for (const [key, value] of Object.entries(body))
          if (['access_token', 'refresh_token', 'id_token'].includes(key) && typeof value === 'string')
            secrets.add(value);
    }
    return res;
  };
}
