import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EnrolmentConfirmInput,
  EnrolmentConfirmResponse,
  EnrolmentInput,
  EnrolmentResponse,
  InvitationQuery,
  InvitationResponse,
} from '../../../../contract/admin/staff';
import { ErrorBody } from '../../../../contract/errors';
import type { StaffEnrolmentService } from '../../../domain/staff/staff-enrolment.service';
import { presentStaff } from '../../../domain/staff/staff-presenter';
import type { StaffSignInService } from '../../../domain/staff/staff-sign-in.service';
import { browserLanguagesOf } from '../../admin/console-language';
import { setStaffCookie } from '../../admin/staff-auth';
import { clientOf } from '../../client-identity';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody };
const tags = ['admin'];
const limit = { rateLimit: { max: 30, timeWindow: '15 minutes' } };

/** The invitation link's steps: who it is for, password and TOTP secret, first code (then signed in). */
export const staffInvitationRoutes: FastifyPluginAsyncZod<{ enrolment: StaffEnrolmentService; signIn: StaffSignInService }> = async (
  app,
  { enrolment, signIn },
) => {
  app.get(
    '/api/admin/invitation',
    { schema: { tags, querystring: InvitationQuery, response: { 200: InvitationResponse, ...errors } }, config: { staff: 'public', ...limit } },
    async (request) => enrolment.readInvitation(request.query.token),
  );

  app.post(
    '/api/admin/invitation',
    { schema: { tags, body: EnrolmentInput, response: { 200: EnrolmentResponse, ...errors } }, config: { staff: 'public', ...limit } },
    async (request) => {
      const { secret, uri, qrSvg } = await enrolment.start(request.body.token, { name: request.body.name, password: request.body.password });
      return { otpauth_uri: uri, secret, qr_svg: qrSvg };
    },
  );

  app.post(
    '/api/admin/invitation/confirm',
    { schema: { tags, body: EnrolmentConfirmInput, response: { 200: EnrolmentConfirmResponse, ...errors } }, config: { staff: 'public', ...limit } },
    async (request, reply) => {
      const { member, recoveryCodes } = await enrolment.confirm(request.body.token, request.body.code, request.ip, browserLanguagesOf(request));
      setStaffCookie(reply, await signIn.openVerifiedSession(member, { ...clientOf(request, reply), userAgent: request.headers['user-agent'] }));
      return { recovery_codes: recoveryCodes, staff: presentStaff(member) };
    },
  );
};
