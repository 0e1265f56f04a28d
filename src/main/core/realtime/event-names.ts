/**
 * The two spellings of a broadcast event's name on the wire. A Laravel service
 * names an event with `broadcastAs()` (`report.completed`); spec 6.1 writes it
 * with the leading dot (`.report.completed`), which is Laravel Echo's way of
 * saying "no namespace prefix" when binding, and what our local service sent
 * literally. pusher-js matches names exactly, so the client binds both.
 */
export function eventNameSpellings(name: string): readonly [bare: string, dotted: string] {
  const bare = name.replace(/^\.+/, '');
  return [bare, `.${bare}`];
}
