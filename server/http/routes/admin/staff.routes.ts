import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InviteStaffInput, InviteStaffResponse, StaffIdParams, StaffListResponse, StaffMember, UpdateStaffInput } from '../../../../contract/admin/staff';
import { ErrorBody } from '../../../../contract/errors';
import type { StaffAdminService } from '../../../domain/staff/staff-admin.service';
import type { StaffEnrolmentService } from '../../../domain/staff/staff-enrolment.service';
import type { StaffInvitationsService } from '../../../domain/staff/staff-invitations.service';
import { presentStaff } from '../../../domain/staff/staff-presenter';
import { actorOf } from '../../admin/staff-auth';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['admin'];

/** The staff list, invitations (sent, sent again, withdrawn) and changes to roles, status, refund limits and sites (owners only). */
export const staffRoutes: FastifyPluginAsyncZod<{
  staffAdmin: StaffAdminService;
  enrolment: StaffEnrolmentService;
  invitations: StaffInvitationsService;
}> = async (app, { staffAdmin, enrolment, invitations }) => {
  app.get('/api/admin/staff', { schema: { tags, response: { 200: StaffListResponse, ...errors } }, config: { staff: 'staff.manage' } }, async () => ({
    staff: (await staffAdmin.list()).map(presentStaff),
  }));

  app.post(
    '/api/admin/staff',
    { schema: { tags, body: InviteStaffInput, response: { 201: InviteStaffResponse, ...errors } }, config: { staff: 'staff.manage' } },
    async (request, reply) => {
      const { site_ids, ...invitation } = request.body;
      const { member, url } = await enrolment.invite(actorOf(request), { ...invitation, siteIds: site_ids });
      return reply.status(201).send({ staff: presentStaff(member), invitation_url: url });
    },
  );

  app.post(
    '/api/admin/staff/:id/invitation',
    { schema: { tags, params: StaffIdParams, response: { 201: InviteStaffResponse, ...errors } }, config: { staff: 'staff.manage' } },
    async (request, reply) => {
      const { member, url } = await invitations.resend(actorOf(request), request.params.id);
      return reply.status(201).send({ staff: presentStaff(member), invitation_url: url });
    },
  );

  app.delete(
    '/api/admin/staff/:id/invitation',
    { schema: { tags, params: StaffIdParams, response: { 204: z.null(), ...errors } }, config: { staff: 'staff.manage' } },
    async (request, reply) => {
      await invitations.withdraw(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/api/admin/staff/:id',
    { schema: { tags, params: StaffIdParams, body: UpdateStaffInput, response: { 200: StaffMember, ...errors } }, config: { staff: 'staff.manage' } },
    async (request) => {
      const { version, role, status, refund_limit_credits, goodwill_per_grant, goodwill_per_30_days, site_ids } = request.body;
      return presentStaff(
        await staffAdmin.update(actorOf(request), request.params.id, {
          version,
          role,
          status,
          refundLimitCredits: refund_limit_credits,
          goodwillPerGrant: goodwill_per_grant,
          goodwillPer30Days: goodwill_per_30_days,
          siteIds: site_ids,
        }),
      );
    },
  );
};
