/**
 * Fetch, with every answer announcing `length` as its Content-Length whatever
 * its body is: what a proxy on the way (or a service) can claim.
 */
export const declaringLength =
  (length: number): typeof fetch =>
  async (input, init) => {
    const res = await fetch(input, init);
    const headers = new Headers(res.headers);
    // fetch has already inflated the body: the length is now that of what is read.
    headers.delete('content-encoding');
    headers.set('content-length', String(length));
    return new Response(res.body, { status: res.status, headers });
  };
