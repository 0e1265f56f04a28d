import { z } from 'zod';
import { errorBodySchema } from '../../shared/interface';
import type { ResponseDoc, RouteDoc } from '../http/route-doc';

/**
 * The public tracking page of spec 2.10 and its ways in, as the portal
 * documents them. Their handlers live in tracking/; these are pages for
 * people (HTML, a redirect after each form) and the page's own JSON and
 * event stream, not part of the fleet interface, and need no token. The page's data routes (state, events) describe themselves where they are
 * registered (tracking/tracking-page-docs.ts).
 */
const uuidParams = z.object({ uuid: z.string() });
const page = (description: string): ResponseDoc => ({ description, contentType: 'text/html' });
const seeOther = (description: string): ResponseDoc => ({ description: `303 See Other: ${description}` });
const missing = page('No link with this uuid (a page)');
const expired = page('The link has expired (a page)');
const tag = 'Public tracking page';
/** The forms post urlencoded bodies, as a browser does. */
const formField = (name: string): z.ZodType => z.object({ [name]: z.string() });

export const TRACKING_PAGE_ROUTE_DOCS: readonly RouteDoc[] = [
  {
    method: 'GET',
    url: '/track/:uuid',
    tag,
    summary: 'The public tracking page of a link (spec 2.10), or the form that grants access to it',
    auth: 'none',
    params: uuidParams,
    responses: {
      200: page('The live map, or the e-mail, code or sign-in form the link’s access type asks for'),
      404: missing,
      410: expired,
    },
  },
  {
    method: 'POST',
    url: '/track/:uuid/email',
    tag,
    summary: 'Ask for a verification e-mail (access types email, email_code)',
    auth: 'none',
    params: uuidParams,
    body: formField('email'),
    responses: {
      303: seeOther('back to the page, which says the mail is on its way'),
      400: {
        description: 'Not an e-mail address (the form again), or a body that cannot be read (spec 7, JSON)',
        contentType: ['text/html', 'application/json'],
      },
      404: missing,
      410: expired,
      429: page('Too many e-mails requested (the form again)'),
    },
  },
  {
    method: 'GET',
    url: '/track/:uuid/verify',
    tag,
    summary: 'The link in the verification e-mail: single use, valid 15 minutes',
    auth: 'none',
    params: uuidParams,
    query: z.object({ token: z.string() }),
    responses: {
      303: seeOther('to the page, with a viewer session cookie'),
      400: page('Not a valid verification link'),
      404: missing,
      410: page('The link or the verification link has expired'),
    },
  },
  {
    method: 'POST',
    url: '/track/:uuid/code',
    tag,
    summary: 'Enter the 6-digit code of the e-mail (access type email_code)',
    auth: 'none',
    params: uuidParams,
    body: formField('code'),
    responses: {
      303: seeOther('to the page'),
      401: page('Wrong code (the form again, with the attempts left)'),
      404: missing,
      410: page('The link or the code has expired'),
      429: page('Too many wrong codes'),
    },
  },
  {
    method: 'POST',
    url: '/track/:uuid/sign-in',
    tag,
    summary: 'Sign in with an account token (access type authorized_only, spec 5)',
    auth: 'none',
    params: uuidParams,
    body: formField('token'),
    responses: {
      303: seeOther('to the page, with a viewer session cookie'),
      401: page('Token not accepted, or its user may not see the asset (the form again)'),
      404: missing,
      410: expired,
      429: page('Too many failed sign-ins'),
    },
  },
  {
    method: 'GET',
    url: '/track-assets/*',
    tag,
    summary: 'The page’s map library and styles',
    auth: 'none',
    responses: {
      200: { description: 'The file', contentType: ['text/javascript', 'text/css', 'image/png'] },
      304: { description: 'Not modified (If-None-Match)' },
      404: { description: 'No such file', schema: errorBodySchema },
    },
  },
];
