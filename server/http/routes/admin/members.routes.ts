import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageWindow } from '../../../../contract/admin/list';
import {
  BanInput,
  ConversationMessages,
  ConversationMessagesQuery,
  CreditCorrectionInput,
  MemberActionResponse,
  MemberConversationParams,
  MemberDetail,
  MemberIdParams,
  MemberListPage,
  MemberListQuery,
  GoodwillInput,
  MemberOrderParams,
  ReasonInput,
  RefundInput,
  RefundResponse,
} from '../../../../contract/admin/members';
import { LinkedAccounts } from '../../../../contract/admin/member-links';
import { AddMemberNoteInput, MemberNotes } from '../../../../contract/admin/member-notes';
import { ErrorBody } from '../../../../contract/errors';
import type { MembersAdminService } from '../../../domain/members-admin/members-admin.service';
import { presentMemberListItem } from '../../../domain/members-admin/member-presenter';
import { actorOf, siteScopeOf } from '../../admin/staff-auth';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['admin'];
const EmptyBody = z.object({}).strict().optional();

/** The console's members (issue 16): search, the member page, and the actions on an account. */
export const membersRoutes: FastifyPluginAsyncZod<{ membersAdmin: MembersAdminService }> = async (app, { membersAdmin }) => {
  app.get(
    '/api/admin/members',
    { schema: { tags, querystring: MemberListQuery, response: { 200: MemberListPage, ...errors } }, config: { staff: 'members.read' } },
    async (request) => {
      const { query } = request;
      const window = pageWindow(query);
      const scope = siteScopeOf(request);
      const [rows, sites] = await Promise.all([membersAdmin.search(query, window, scope), membersAdmin.siteOptions(scope)]);
      return {
        items: rows.slice(0, query.page_size).map(presentMemberListItem),
        page: query.page,
        page_size: query.page_size,
        has_more: rows.length > query.page_size,
        sites,
      };
    },
  );

  app.get(
    '/api/admin/members/:id',
    { schema: { tags, params: MemberIdParams, response: { 200: MemberDetail, ...errors } }, config: { staff: 'members.read' } },
    async (request) => membersAdmin.detail(request.params.id, siteScopeOf(request)),
  );

  // Accounts sharing an IP, a device, an IBAN or a phone (issue 32): for everyone who may read members.
  app.get(
    '/api/admin/members/:id/linked-accounts',
    { schema: { tags, params: MemberIdParams, response: { 200: LinkedAccounts, ...errors } }, config: { staff: 'members.read' } },
    async (request) => membersAdmin.linkedAccounts(request.params.id, siteScopeOf(request)),
  );

  app.get(
    '/api/admin/members/:id/conversations/:conversationId/messages',
    {
      schema: { tags, params: MemberConversationParams, querystring: ConversationMessagesQuery, response: { 200: ConversationMessages, ...errors } },
      config: { staff: 'members.messages' },
    },
    async (request) => membersAdmin.readConversation(actorOf(request), request.params.id, request.params.conversationId, request.query.before),
  );

  app.post(
    '/api/admin/members/:id/ban',
    { schema: { tags, params: MemberIdParams, body: BanInput, response: { 200: MemberActionResponse, ...errors } }, config: { staff: 'members.restrict' } },
    async (request) => membersAdmin.ban(actorOf(request), request.params.id, request.body.reason),
  );

  app.post(
    '/api/admin/members/:id/lift-ban',
    { schema: { tags, params: MemberIdParams, body: ReasonInput, response: { 200: MemberActionResponse, ...errors } }, config: { staff: 'members.restrict' } },
    async (request) => membersAdmin.liftBan(actorOf(request), request.params.id, request.body.reason),
  );

  app.post(
    '/api/admin/members/:id/confirm-email',
    { schema: { tags, params: MemberIdParams, body: EmptyBody, response: { 200: MemberActionResponse, ...errors } }, config: { staff: 'members.write' } },
    async (request) => membersAdmin.confirmEmail(actorOf(request), request.params.id),
  );

  app.post(
    '/api/admin/members/:id/block-direct-debit',
    { schema: { tags, params: MemberIdParams, body: ReasonInput, response: { 200: MemberActionResponse, ...errors } }, config: { staff: 'members.write' } },
    async (request) => membersAdmin.blockDirectDebit(actorOf(request), request.params.id, request.body.reason),
  );

  app.post(
    '/api/admin/members/:id/unblock-direct-debit',
    { schema: { tags, params: MemberIdParams, body: ReasonInput, response: { 200: MemberActionResponse, ...errors } }, config: { staff: 'members.write' } },
    async (request) => membersAdmin.unblockDirectDebit(actorOf(request), request.params.id, request.body.reason),
  );

  app.post(
    '/api/admin/members/:id/credit-corrections',
    {
      schema: { tags, params: MemberIdParams, body: CreditCorrectionInput, response: { 200: MemberActionResponse, ...errors } },
      config: { staff: 'credits.correct' },
    },
    async (request) => {
      const { delta, reason, idempotency_key } = request.body;
      return membersAdmin.correctCredits(actorOf(request), request.params.id, { delta, reason, idempotencyKey: idempotency_key });
    },
  );

  app.post(
    '/api/admin/members/:id/orders/:orderId/refund',
    { schema: { tags, params: MemberOrderParams, body: RefundInput, response: { 200: RefundResponse, ...errors } }, config: { staff: 'orders.refund' } },
    async (request) => membersAdmin.refundOrder(actorOf(request), request.params.id, request.params.orderId, request.body.reason, request.body.credits),
  );

  // Goodwill credits (issue 33): support too, within the limits an owner set on their staff row.
  app.post(
    '/api/admin/members/:id/goodwill',
    {
      schema: { tags, params: MemberIdParams, body: GoodwillInput, response: { 200: MemberActionResponse, ...errors } },
      config: { staff: 'credits.goodwill' },
    },
    async (request) => {
      const { credits, reason, idempotency_key } = request.body;
      return membersAdmin.giveGoodwill(actorOf(request), request.params.id, { credits, reason, idempotencyKey: idempotency_key });
    },
  );

  // Staff notes on the member (issue 33): read by everyone who may open the member page.
  app.get(
    '/api/admin/members/:id/notes',
    { schema: { tags, params: MemberIdParams, response: { 200: MemberNotes, ...errors } }, config: { staff: 'members.read' } },
    async (request) => membersAdmin.listNotes(actorOf(request), request.params.id),
  );

  app.post(
    '/api/admin/members/:id/notes',
    { schema: { tags, params: MemberIdParams, body: AddMemberNoteInput, response: { 200: MemberNotes, ...errors } }, config: { staff: 'members.notes' } },
    async (request) => membersAdmin.addNote(actorOf(request), request.params.id, request.body.text),
  );

  app.post(
    '/api/admin/members/:id/sign-out',
    { schema: { tags, params: MemberIdParams, body: EmptyBody, response: { 200: MemberActionResponse, ...errors } }, config: { staff: 'members.write' } },
    async (request) => membersAdmin.signOutEverywhere(actorOf(request), request.params.id),
  );

  app.get('/api/admin/members/:id/export', { schema: { tags, params: MemberIdParams }, config: { staff: 'members.write' } }, async (request, reply) => {
    const data = await membersAdmin.exportData(actorOf(request), request.params.id);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="member-${request.params.id}.json"`)
      .send(JSON.stringify(data, null, 2));
  });

  app.post(
    '/api/admin/members/:id/delete',
    { schema: { tags, params: MemberIdParams, body: ReasonInput, response: { 200: MemberActionResponse, ...errors } }, config: { staff: 'members.write' } },
    async (request) => membersAdmin.deleteAccount(actorOf(request), request.params.id, request.body.reason),
  );
};
