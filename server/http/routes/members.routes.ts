import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../contract/errors';
import { MemberProfile, MembersQuery, OwnProfileDetails, ProfileUpdate, SearchResponse } from '../../../contract/profiles';
import type { Services } from '../../services';
import { requireMember } from '../auth';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['profiles'];

/** Search, another member's profile, and one's own profile. */
export const membersRoutes: FastifyPluginAsyncZod<Pick<Services, 'search' | 'members' | 'ownProfile'>> = async (app, { search, members, ownProfile }) => {
  app.get(
    '/api/members.php',
    { schema: { tags, querystring: MembersQuery, response: { 200: z.union([SearchResponse, MemberProfile]), ...errors } } },
    async (request) => {
      const memberId = await request.findMemberId();
      const { id, ...query } = request.query;
      if (id) return members.view(request.site, id, memberId);
      return search.search(request.site, query, { memberId, hasTrafficSource: !!(query.network || query.ref) });
    },
  );

  app.get('/api/profile.php', { schema: { tags, response: { 200: OwnProfileDetails, ...errors } }, config: { member: 'required' } }, async (request) =>
    ownProfile.get(await requireMember(request)),
  );

  app.put(
    '/api/profile.php',
    { schema: { tags, body: ProfileUpdate, response: { 200: OwnProfileDetails, ...errors } }, config: { member: 'required', changesShownPages: true } },
    async (request) => ownProfile.update(request.site, await requireMember(request), request.body, request.language),
  );
};
