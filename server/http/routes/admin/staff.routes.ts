import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InviteStaffInput, InviteStaffResponse, StaffIdParams, StaffListResponse, StaffMember, UpdateStaffInput } from '../../../../contract/admin/staff';
import { ErrorBody } from '../../../../contract/errors';
import type { StaffAdminService } from '../../../domain/staff/staff-admin.service';
import type { StaffEnrolmentService } from '../../../domain/staff/staff-enrolment.service';
import { presentStaff } from '../../../domain/staff/staff-presenter';
import { actorOf } from '../../admin/staff-auth';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['admin'];

/** The staff list, invitations and changes to roles, status and refund limits (owners only). */
export const staffRoutes: FastifyPluginAsyncZod<{ staffAdmin: StaffAdminService; enrolment: StaffEnrolmentService }> = async (app, { staffAdmin, enrolment }) => {
  app.get('/api/admin/staff', { schema: { tags, response: { 200: StaffListResponse, ...errors } }, config: { staff: 'staff.manage' } }, async () => ({
    staff: (await staffAdmin.list()).map(presentStaff),
  }));

  app.post('/api/admin/staff', { schema: { tags, body: InviteStaffInput, response: { 201: InviteStaffResponse, ...errors } }, config: { staff: 'staff.manage' } }, async (request, reply) => {
    const { member, url } = await enrolment.invite(actorOf(request), request.body);
    return reply.status(201).send({ staff: presentStaff(member), invitation_url: url });
  });

  app.patch(
    '/api/admin/staff/:id',
    { schema: { tags, params: StaffIdParams, body: UpdateStaffInput, response: { 200: StaffMember, ...errors } }, config: { staff: 'staff.manage' } },
    async (request) => {
      const { version, role, status, refund_limit_credits } = request.body;
      return presentStaff(await staffAdmin.update(actorOf(request), request.params.id, { version, role, status, refundLimitCredits: refund_limit_credits }));
    },
  );
};
