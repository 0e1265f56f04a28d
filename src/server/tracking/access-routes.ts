import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { isAllowedViewer } from '../../shared/interface';
import { codePage, emailPage, messagePage, signInPage } from './page-html';
import {
  clientKey,
  formBody,
  liveLinkOrPage,
  minutes,
  sendHtml,
  type TrackingPageDeps,
} from './tracking-page-deps';
import { readViewerCookie, viewerCookie } from './viewer-cookie';
import { sessionOf } from './viewer-gate';

const emailSchema = z.email().max(254);
const uuidParams = z.object({ uuid: z.string() });
const verifyQuery = z.object({ token: z.string().min(1).max(200) });

function signedIn(deps: TrackingPageDeps, reply: FastifyReply, uuid: string, cookie: string): FastifyReply {
  const secure = deps.ctx.urls.tracking_url.startsWith('https:');
  return reply
    .code(303)
    .header('set-cookie', viewerCookie(uuid, cookie, deps.rules.sessionTtlMs, secure))
    .header('location', `/track/${uuid}`)
    .send();
}

/**
 * The ways into a protected tracking page (spec 2.10 access types): e-mail
 * verification (email, email_code) through the local outbox, the one-time
 * code, and the account-token sign-in (authorized_only). Every one of them
 * ends in a session cookie bound to the link; no secret ever reaches a page.
 */
export function registerAccessRoutes(app: FastifyInstance, deps: TrackingPageDeps): void {
  const { ctx, access, rules } = deps;

  app.post('/track/:uuid/email', async (request, reply) => {
    const { uuid } = uuidParams.parse(request.params);
    const link = liveLinkOrPage(deps, uuid, reply);
    if (!link) return reply;
    const withCode = link.accessType === 'email_code';
    if (link.accessType !== 'email' && !withCode) return reply.redirect(`/track/${link.uuid}`, 303);
    const parsed = emailSchema.safeParse(formBody(request)?.email?.trim());
    if (!parsed.success) {
      return sendHtml(reply, 400, emailPage(link.uuid, { withCode, error: 'Enter a valid e-mail address.' }));
    }
    const email = parsed.data;
    const now = ctx.now();
    const blocked = Math.max(
      deps.mailPerClient.blockedFor(clientKey(request, link.uuid), now),
      deps.mailPerAddress.blockedFor(`${link.uuid}|${email.toLowerCase()}`, now),
    );
    if (blocked > 0) {
      const error = `Too many e-mails were requested. Try again in ${minutes(blocked)} min.`;
      return sendHtml(reply, 429, emailPage(link.uuid, { withCode, error }));
    }
    deps.mailPerClient.record(clientKey(request, link.uuid), now);
    deps.mailPerAddress.record(`${link.uuid}|${email.toLowerCase()}`, now);
    // An address the link does not name gets no mail, and the same answer as one it does:
    // the page must not tell a visitor which addresses may view it.
    if (!isAllowedViewer(link.allowedViewers, email)) {
      ctx.log.info('tracking page: no mail for an address the link does not name');
      return reply.redirect(`/track/${link.uuid}?sent=1`, 303);
    }
    const { token, code } = access.createVerification(link.uuid, email, now, rules.verificationTtlMs);
    const url = `${ctx.urls.tracking_url}/track/${link.uuid}/verify?token=${token}`;
    const ttl = minutes(rules.verificationTtlMs);
    deps.outbox.send(
      {
        to: email,
        subject: 'Your link to the shared live location',
        text: [
          'Someone shared a live location with you. Open this link to view it:',
          url,
          ...(withCode ? ['', `Then enter this code on the page: ${code}`] : []),
          '',
          `The link${withCode ? ' and the code work' : ' works'} for ${ttl} minutes and only once.`,
          'If you did not ask for this, ignore this e-mail.',
        ].join('\n'),
        link: url,
        code: withCode ? code : null,
      },
      now,
    );
    ctx.log.info('tracking page: verification mail written to the outbox', { file: deps.outbox.file });
    return reply.redirect(`/track/${link.uuid}?sent=1`, 303);
  });

  app.get('/track/:uuid/verify', async (request, reply) => {
    const { uuid } = uuidParams.parse(request.params);
    const link = liveLinkOrPage(deps, uuid, reply);
    if (!link) return reply;
    const query = verifyQuery.safeParse(request.query);
    const now = ctx.now();
    const result = query.success ? access.consumeVerification(link.uuid, query.data.token, now) : null;
    if (result === null || 'error' in result) {
      const expired = result !== null && result.error === 'expired';
      return sendHtml(
        reply,
        expired ? 410 : 400,
        messagePage(
          expired ? 'This verification link has expired' : 'This verification link is not valid',
          expired
            ? `Verification links work for ${minutes(rules.verificationTtlMs)} minutes. Request a new one.`
            : 'It was already used, or it was copied incompletely. Request a new one.',
          { href: `/track/${link.uuid}`, label: 'Request a new link' },
        ),
      );
    }
    const v = result.verification;
    const cookie = access.createSession(
      {
        linkUuid: link.uuid,
        kind: 'email',
        email: v.email,
        userId: null,
        pendingVerificationId: link.accessType === 'email_code' ? v.id : null,
      },
      now,
      rules.sessionTtlMs,
    );
    return signedIn(deps, reply, link.uuid, cookie);
  });

  app.post('/track/:uuid/code', async (request, reply) => {
    const { uuid } = uuidParams.parse(request.params);
    const link = liveLinkOrPage(deps, uuid, reply);
    if (!link) return reply;
    const now = ctx.now();
    const cookie = readViewerCookie(request.headers.cookie);
    const session = sessionOf(access, link, cookie, now);
    if (link.accessType !== 'email_code' || cookie === null || session?.pendingVerificationId == null) {
      return reply.redirect(`/track/${link.uuid}`, 303);
    }
    const code = (formBody(request)?.code ?? '').replace(/\s+/g, '');
    const check = access.checkCode(session.pendingVerificationId, code, now, {
      maxAttempts: rules.maxCodeAttempts,
      lockMs: rules.codeLockMs,
    });
    const email = session.email ?? '';
    if (check.ok) {
      access.completeCode(link.uuid, cookie);
      return reply.redirect(`/track/${link.uuid}`, 303);
    }
    if (check.reason === 'expired') {
      return sendHtml(
        reply,
        410,
        messagePage('This code has expired', 'Codes work for a limited time. Request a new e-mail.', {
          href: `/track/${link.uuid}`,
          label: 'Request a new e-mail',
        }),
      );
    }
    if (check.reason === 'locked') {
      const error = `Too many wrong codes. Try again in ${minutes(check.until - now)} min, or request a new e-mail.`;
      return sendHtml(reply, 429, codePage(link.uuid, { email, error }));
    }
    const left = check.attemptsLeft;
    const error = `That code is not right. ${left} attempt${left === 1 ? '' : 's'} left.`;
    return sendHtml(reply, 401, codePage(link.uuid, { email, error }));
  });

  app.post('/track/:uuid/sign-in', async (request, reply) => {
    const { uuid } = uuidParams.parse(request.params);
    const link = liveLinkOrPage(deps, uuid, reply);
    if (!link) return reply;
    if (link.accessType !== 'authorized_only') return reply.redirect(`/track/${link.uuid}`, 303);
    const now = ctx.now();
    const key = clientKey(request, link.uuid);
    const blocked = deps.signInLimiter.blockedFor(key, now);
    if (blocked > 0) {
      const error = `Too many failed sign-ins. Try again in ${minutes(blocked)} min.`;
      return sendHtml(reply, 429, signInPage(link.uuid, { error }));
    }
    const token = (formBody(request)?.token ?? '').trim();
    const user = token.length > 0 && token.length <= 512 ? await ctx.authenticate(token) : null;
    // A user of the account who may not see this asset (spec 5: per-user access) is refused the same way.
    if (!user || !ctx.account.canAccess(user, link.assetId)) {
      const lockedFor = deps.signInLimiter.record(key, now);
      const error =
        lockedFor > 0
          ? `Too many failed sign-ins. Try again in ${minutes(lockedFor)} min.`
          : 'That token was not accepted. Check it and try again.';
      return sendHtml(reply, lockedFor > 0 ? 429 : 401, signInPage(link.uuid, { error }));
    }
    deps.signInLimiter.reset(key);
    const cookie = access.createSession(
      { linkUuid: link.uuid, kind: 'token', email: null, userId: user.id, pendingVerificationId: null },
      now,
      rules.sessionTtlMs,
    );
    return signedIn(deps, reply, link.uuid, cookie);
  });
}
