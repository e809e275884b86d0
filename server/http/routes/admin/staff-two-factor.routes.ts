import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EnrolmentConfirmResponse,
  EnrolmentResponse,
  ResetTwoFactorInput,
  SecondFactorEnrolmentConfirmInput,
  StaffIdParams,
  StaffMember,
} from '../../../../contract/admin/staff';
import { ErrorBody } from '../../../../contract/errors';
import { AppError } from '../../../domain/shared/app-error';
import { presentStaff } from '../../../domain/staff/staff-presenter';
import type { StaffTwoFactorService } from '../../../domain/staff/staff-two-factor.service';
import { actorOf, STAFF_COOKIE } from '../../admin/staff-auth';
import { clientOf } from '../../client-identity';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const tags = ['admin'];
const limit = { rateLimit: { max: 20, timeWindow: '15 minutes' } };

/** An owner resets a staff member's second factor; that member sets it up again at the next sign-in. */
export const staffTwoFactorRoutes: FastifyPluginAsyncZod<{ twoFactor: StaffTwoFactorService }> = async (app, { twoFactor }) => {
  app.post(
    '/api/admin/staff/:id/two-factor-reset',
    { schema: { tags, params: StaffIdParams, body: ResetTwoFactorInput, response: { 200: StaffMember, ...errors } }, config: { staff: 'staff.manage' } },
    async (request) => presentStaff(await twoFactor.reset(actorOf(request), request.params.id, request.body.version)),
  );

  // The half-open session (password done) of an account without a second factor: a new secret, then its first code.
  app.post(
    '/api/admin/session/two-factor',
    { schema: { tags, response: { 200: EnrolmentResponse, ...errors } }, config: { staff: 'public', ...limit } },
    async (request) => {
      const { secret, uri, qrSvg } = await twoFactor.begin(sessionToken(request.cookies[STAFF_COOKIE]));
      return { otpauth_uri: uri, secret, qr_svg: qrSvg };
    },
  );

  app.post(
    '/api/admin/session/two-factor/confirm',
    {
      schema: { tags, body: SecondFactorEnrolmentConfirmInput, response: { 200: EnrolmentConfirmResponse, ...errors } },
      config: { staff: 'public', ...limit },
    },
    async (request, reply) => {
      const { member, recoveryCodes } = await twoFactor.confirm(sessionToken(request.cookies[STAFF_COOKIE]), request.body.code, clientOf(request, reply));
      return { recovery_codes: recoveryCodes, staff: presentStaff(member) };
    },
  );
};

function sessionToken(cookie: string | undefined): string {
  if (!cookie) throw new AppError('staff_authentication_required');
  return cookie;
}
