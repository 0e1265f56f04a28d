import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context';
import { requireUser } from '../http/auth';
import { forbidden, parseOrThrow } from '../http/http-error';
import { broadcastingAuthRequestSchema } from '../../shared/interface';
import { decideChannel } from './channel-access';
import { signChannel } from './channel-signature';

/**
 * Spec 4.1 (`{base_url}/api/broadcasting/auth`, reports) and 4.2
 * (`{api_url}/broadcasting/auth`, live). Both run the same rules, so either
 * authorizes either of the user's two channels.
 */
export function registerBroadcastingAuthRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const user = requireUser(ctx.account, request);
    const body = parseOrThrow(broadcastingAuthRequestSchema, request.body);
    const decision = decideChannel(ctx.account, user, body.channel_name);
    if (!decision.allowed) throw forbidden(decision.message);
    const auth = signChannel(
      ctx.appKey,
      ctx.appSecret,
      body.socket_id,
      body.channel_name,
      decision.channelData,
    );
    await reply
      .code(200)
      .send(decision.channelData === undefined ? { auth } : { auth, channel_data: decision.channelData });
  };
  app.post('/broadcasting/auth', handler);
  app.post('/api/broadcasting/auth', handler);
}
