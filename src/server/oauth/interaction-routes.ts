import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Provider } from 'oidc-provider';
import { z } from 'zod';
import type { ServiceContext } from '../context';
import { createAttemptLimiter } from '../tracking/attempt-limiter';
import { subjectOf, userOf } from './authorization-server';
import {
  DESKTOP_CLIENT_NAME,
  INTERACTION_PREFIX,
  SCOPE_PERMISSIONS,
  SCOPES,
  type Scope,
} from './desktop-client';
import { INTERACTION_ROUTE_DOCS } from './oauth-route-docs';
import { consentPage, messagePage, SIGN_IN_PAGE_HEADERS, signInPage } from './sign-in-pages';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** Five wrong passwords per user name and address, then 15 minutes' wait (docs/interface-decisions.md). */
const SIGN_IN_RULE = { max: 5, windowMs: 15 * 60_000 } as const;

const uidParams = z.object({ uid: z.string().min(1).max(100) });
const signInForm = z.object({
  username: z.string().max(200).default(''),
  password: z.string().max(200).default(''),
  action: z.enum(['sign-in', 'cancel']).default('sign-in'),
});
const consentForm = z.object({ decision: z.enum(['allow', 'deny']) });

const docOf = (method: 'GET' | 'POST', url: string) =>
  INTERACTION_ROUTE_DOCS.find((d) => d.method === method && d.url === url);

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).headers(SIGN_IN_PAGE_HEADERS).type('text/html; charset=utf-8').send(html);
}

const goneBack = (reply: FastifyReply): FastifyReply =>
  sendPage(
    reply,
    400,
    messagePage(
      'This sign-in has expired',
      'It was started too long ago, already finished, or opened in another browser. Go back to the app and sign in again.',
    ),
  );

const scopesOf = (interaction: Interaction): Scope[] => {
  const asked = typeof interaction.params.scope === 'string' ? interaction.params.scope.split(' ') : [];
  return SCOPES.filter((s) => asked.includes(s));
};

/**
 * The sign-in and consent pages of an authorization request (oidc-provider's
 * "interactions"). Each is bound to the browser that started the request by
 * the provider's interaction cookie (HttpOnly, SameSite=Lax, signed), so a
 * form posted from another site or another browser finds no interaction and
 * is refused: that is the pages' CSRF defence, with Sec-Fetch-Site on top.
 */
export function registerInteractionRoutes(
  app: FastifyInstance,
  ctx: ServiceContext,
  provider: () => Provider | null,
): void {
  const limiter = createAttemptLimiter(SIGN_IN_RULE);

  /** The interaction this browser is in, if it is the one the address names; else null (the page was sent). */
  const interactionOf = async (request: FastifyRequest, reply: FastifyReply): Promise<Interaction | null> => {
    const p = provider();
    const params = uidParams.safeParse(request.params);
    if (!p || !params.success) return (goneBack(reply), null);
    try {
      const interaction = await p.interactionDetails(request.raw, reply.raw);
      if (interaction.uid === params.data.uid) return interaction;
    } catch {
      // SessionNotFound: no interaction cookie, an unknown or expired interaction, a changed session.
    }
    return (goneBack(reply), null);
  };

  const finish = async (
    request: FastifyRequest,
    reply: FastifyReply,
    result: Parameters<Provider['interactionResult']>[2],
    merge: boolean,
  ): Promise<FastifyReply> => {
    const p = provider();
    if (!p) return goneBack(reply);
    let returnTo: string;
    try {
      returnTo = await p.interactionResult(request.raw, reply.raw, result, {
        mergeWithLastSubmission: merge,
      });
    } catch {
      // The interaction ended meanwhile (expired, or finished in another tab).
      return goneBack(reply);
    }
    return reply.redirect(returnTo, 303);
  };

  const crossSite = (request: FastifyRequest): boolean => request.headers['sec-fetch-site'] === 'cross-site';

  const signInAction = (uid: string): string => `${INTERACTION_PREFIX}/${encodeURIComponent(uid)}/sign-in`;
  const consentAction = (uid: string): string => `${INTERACTION_PREFIX}/${encodeURIComponent(uid)}/consent`;

  const renderConsent = (reply: FastifyReply, interaction: Interaction, status = 200): FastifyReply => {
    const user = interaction.session ? userOf(ctx.account, interaction.session.accountId) : null;
    if (!user) return goneBack(reply);
    return sendPage(
      reply,
      status,
      consentPage({
        action: consentAction(interaction.uid),
        clientName: DESKTOP_CLIENT_NAME,
        userName: `${user.name}, user ${user.username}`,
        accountName: ctx.account.name,
        permissions: scopesOf(interaction).map((s) => SCOPE_PERMISSIONS[s]),
      }),
    );
  };

  const pageUrl = `${INTERACTION_PREFIX}/:uid`;
  app.get(pageUrl, { config: { doc: docOf('GET', pageUrl) } }, async (request, reply) => {
    const interaction = await interactionOf(request, reply);
    if (!interaction) return reply;
    if (interaction.prompt.name === 'consent') return renderConsent(reply, interaction);
    const hint =
      typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : undefined;
    return sendPage(
      reply,
      200,
      signInPage({
        action: signInAction(interaction.uid),
        accountName: ctx.account.name,
        clientName: DESKTOP_CLIENT_NAME,
        username: hint?.slice(0, 200),
      }),
    );
  });

  const signInUrl = `${INTERACTION_PREFIX}/:uid/sign-in`;
  app.post(signInUrl, { config: { doc: docOf('POST', signInUrl) } }, async (request, reply) => {
    if (crossSite(request)) return goneBack(reply);
    const interaction = await interactionOf(request, reply);
    if (!interaction) return reply;
    if (interaction.prompt.name !== 'login')
      return reply.redirect(`${INTERACTION_PREFIX}/${interaction.uid}`, 303);
    const form = signInForm.safeParse(request.body ?? {});
    const page = (status: number, error: string, username = ''): FastifyReply =>
      sendPage(
        reply,
        status,
        signInPage({
          action: signInAction(interaction.uid),
          accountName: ctx.account.name,
          clientName: DESKTOP_CLIENT_NAME,
          username,
          error,
        }),
      );
    if (!form.success) return page(400, 'Enter your user name and password.');
    const { username, password, action } = form.data;
    if (action === 'cancel')
      return finish(
        request,
        reply,
        { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
        false,
      );
    if (username.trim() === '' || password === '')
      return page(400, 'Enter your user name and password.', username);

    const now = ctx.now();
    const key = `${request.ip}|${username.trim().toLowerCase()}`;
    const blocked = limiter.blockedFor(key, now);
    const wait = (ms: number): string =>
      `Too many failed sign-ins. Try again in ${Math.ceil(ms / 60_000)} min.`;
    if (blocked > 0)
      return page(429, wait(blocked), username).header('retry-after', String(Math.ceil(blocked / 1000)));
    const user = await ctx.account.signIn(username, password);
    if (!user) {
      const lockedFor = limiter.record(key, now);
      if (lockedFor > 0)
        return page(429, wait(lockedFor), username).header(
          'retry-after',
          String(Math.ceil(lockedFor / 1000)),
        );
      return page(401, 'That user name and password do not match.', username);
    }
    limiter.reset(key);
    return finish(request, reply, { login: { accountId: subjectOf(user.id), amr: ['pwd'] } }, false);
  });

  const consentUrl = `${INTERACTION_PREFIX}/:uid/consent`;
  app.post(consentUrl, { config: { doc: docOf('POST', consentUrl) } }, async (request, reply) => {
    if (crossSite(request)) return goneBack(reply);
    const interaction = await interactionOf(request, reply);
    if (!interaction) return reply;
    if (interaction.prompt.name !== 'consent')
      return reply.redirect(`${INTERACTION_PREFIX}/${interaction.uid}`, 303);
    const form = consentForm.safeParse(request.body ?? {});
    if (!form.success) return renderConsent(reply, interaction, 400);
    if (form.data.decision === 'deny')
      return finish(
        request,
        reply,
        { error: 'access_denied', error_description: 'The user did not allow the app.' },
        true,
      );
    const p = provider();
    const accountId = interaction.session?.accountId;
    const clientId = interaction.params.client_id;
    if (!p || accountId === undefined || typeof clientId !== 'string') return goneBack(reply);
    // A grant this sign-in already has (asked again for more scopes) grows; otherwise a new one.
    const existing = interaction.grantId ? await p.Grant.find(interaction.grantId) : undefined;
    const grant = existing ?? new p.Grant({ accountId, clientId });
    const details = z
      .object({
        missingOIDCScope: z.array(z.string()).optional(),
        missingOIDCClaims: z.array(z.string()).optional(),
      })
      .parse(interaction.prompt.details);
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    const grantId = await grant.save();
    return finish(request, reply, { consent: existing ? {} : { grantId } }, true);
  });
}
