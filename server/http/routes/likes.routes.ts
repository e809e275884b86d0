import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkResponse } from '../../../contract/accounts';
import { ErrorBody } from '../../../contract/errors';
import { AutoLike, BlockedMembersResponse, LikeResult, LikesResponse, ProfileIdInput, SwipeDeck, SwipeInput } from '../../../contract/profiles';
import type { Services } from '../../services';
import { requireMember } from '../auth';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };
const tags = ['likes'];

/** Likes, matches, blocks, the automatic like and the swipe deck (spec §7 likes.php, auto-like.php). */
export const likesRoutes: FastifyPluginAsyncZod<Pick<Services, 'likes' | 'blocks' | 'swipe' | 'accounts'>> = async (
  app,
  { likes, blocks, swipe, accounts },
) => {
  app.post(
    '/api/like.php',
    { schema: { tags, body: ProfileIdInput, response: { 200: LikeResult, ...errors } }, config: { member: 'required' } },
    async (request) => likes.like(await requireMember(request), request.body.profile_id),
  );

  app.delete(
    '/api/like.php',
    { schema: { tags, body: ProfileIdInput, response: { 200: OkResponse, ...errors } }, config: { member: 'required' } },
    async (request) => {
      await likes.unlike(await requireMember(request), request.body.profile_id);
      return { ok: true as const };
    },
  );

  app.get('/api/likes.php', { schema: { tags, response: { 200: LikesResponse, ...errors } }, config: { member: 'required' } }, async (request) =>
    likes.list(await requireMember(request)),
  );

  app.get(
    '/api/auto-like.php',
    { config: { member: 'required', sameOriginOnly: true, changesMemberPages: true }, schema: { tags, response: { 200: AutoLike, 204: z.null(), ...errors } } },
    async (request, reply) => {
      const memberId = await requireMember(request);
      const user = await accounts.getUser(memberId, request.site);
      const seeking = user.profile.seeking === 'both' ? null : user.profile.seeking;
      const liker = await likes.autoLike(request.site, memberId, seeking);
      return liker ?? reply.status(204).send(null);
    },
  );

  app.get('/api/block.php', { schema: { tags, response: { 200: BlockedMembersResponse, ...errors } }, config: { member: 'required' } }, async (request) =>
    blocks.list(await requireMember(request)),
  );

  app.post(
    '/api/block.php',
    { schema: { tags, body: ProfileIdInput, response: { 200: OkResponse, ...errors } }, config: { member: 'required' } },
    async (request) => {
      await blocks.block(await requireMember(request), request.body.profile_id);
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/block.php',
    { schema: { tags, body: ProfileIdInput, response: { 200: OkResponse, ...errors } }, config: { member: 'required' } },
    async (request) => {
      await blocks.unblock(await requireMember(request), request.body.profile_id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/swipe.php',
    {
      schema: { tags, querystring: z.object({ mode: z.enum(['swipe_game', 'match_finder']).default('swipe_game') }), response: { 200: SwipeDeck, ...errors } },
      config: { member: 'required' },
    },
    async (request) => {
      const memberId = await requireMember(request);
      const cards = await swipe.deck(request.site, memberId);
      return { cards, likes_left_today: request.query.mode === 'swipe_game' ? await likes.swipeLikesLeft(memberId) : null };
    },
  );

  app.post(
    '/api/swipe.php',
    { schema: { tags, body: SwipeInput, response: { 200: LikeResult, ...errors } }, config: { member: 'required' } },
    async (request) => swipe.swipe(await requireMember(request), request.body.profile_id, request.body.action, request.body.mode),
  );
};
