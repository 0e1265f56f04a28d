/** Characters XML 1.0 forbids even escaped (C0 controls but tab, newline, return; U+FFFE/U+FFFF). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * Text for an XML element or attribute value. Report texts come from the
 * simulator and from a user's custom title; a control character there must
 * not make Excel refuse the whole file, so it is dropped.
 */
export const xmlText = (text: string): string =>
  text.replace(FORBIDDEN, '').replace(/[&<>"]/g, (c) => ENTITIES[c]!);
