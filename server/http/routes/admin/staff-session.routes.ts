import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkResponse } from '../../../../contract/accounts';
import { SecondFactorInput, StaffSessionResponse, StaffSignInInput } from '../../../../contract/admin/staff';
import { ErrorBody } from '../../../../contract/errors';
import { secondFactorStepOf, type StaffSignInService } from '../../../domain/staff/staff-sign-in.service';
import { presentStaff } from '../../../domain/staff/staff-presenter';
import { AppError } from '../../../domain/shared/app-error';
import { clearStaffCookie, setStaffCookie, STAFF_COOKIE } from '../../admin/staff-auth';
import { clientOf } from '../../client-identity';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody };
const tags = ['admin'];
const signInLimit = { rateLimit: { max: 20, timeWindow: '15 minutes' } };

/** Signing in to the console: password, then the second factor; where it stands; signing out. */
export const staffSessionRoutes: FastifyPluginAsyncZod<{ signIn: StaffSignInService }> = async (app, { signIn }) => {
  app.post(
    '/api/admin/session',
    { schema: { tags, body: StaffSignInInput, response: { 200: StaffSessionResponse, ...errors } }, config: { staff: 'public', ...signInLimit } },
    async (request, reply) => {
      const previous = request.cookies[STAFF_COOKIE];
      const token = await signIn.signIn(request.body.email, request.body.password, { ...clientOf(request, reply), userAgent: request.headers['user-agent'] });
      // A new token at every sign-in; an earlier session of this browser ends.
      if (previous) await signIn.signOut(previous);
      setStaffCookie(reply, token);
      const session = await signIn.findSession(token);
      return { step: session ? secondFactorStepOf(session.member) : ('second_factor' as const), staff: null };
    },
  );

  app.post(
    '/api/admin/session/second-factor',
    { schema: { tags, body: SecondFactorInput, response: { 200: StaffSessionResponse, ...errors } }, config: { staff: 'public', ...signInLimit } },
    async (request, reply) => {
      const token = request.cookies[STAFF_COOKIE];
      if (!token) throw new AppError('staff_authentication_required');
      const member = await signIn.verifySecondFactor(token, request.body.code, clientOf(request, reply));
      return { step: 'signed_in' as const, staff: presentStaff(member) };
    },
  );

  app.get('/api/admin/session', { schema: { tags, response: { 200: StaffSessionResponse, 401: ErrorBody } }, config: { staff: 'public' } }, async (request) => {
    const session = await request.findStaffSession();
    if (!session) throw new AppError('staff_authentication_required');
    return session.verified ? { step: 'signed_in' as const, staff: presentStaff(session.member) } : { step: secondFactorStepOf(session.member), staff: null };
  });

  app.delete('/api/admin/session', { schema: { tags, response: { 200: OkResponse } }, config: { staff: 'public' } }, async (request, reply) => {
    const token = request.cookies[STAFF_COOKIE];
    if (token) await signIn.signOut(token);
    clearStaffCookie(reply);
    return { ok: true as const };
  });
};
