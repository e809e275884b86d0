import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasPermission, type Permission } from '../../../contract/admin/roles';
import type { StaffRow } from '../../db/schema/index';
import type { StaffActor } from '../../domain/audit/audit.service';
import type { StaffSignInService } from '../../domain/staff/staff-sign-in.service';
import { STAFF_SESSION_HOURS } from '../../domain/staff/staff-sign-in.service';
import { AppError } from '../../domain/shared/app-error';
import { SESSION_COOKIE } from '../auth';

export const STAFF_COOKIE = 'rdv_staff';
/**
 * The console's cookie is scoped to its paths, so the member side never receives it (and the
 * member's cookie, path `/`, never counts here). A cookie has one path: it is set once for each.
 * `/admin.data` is where React Router fetches the console home's data on client navigations;
 * the `/admin` path does not cover it (a cookie path must be followed by `/`).
 */
export const STAFF_COOKIE_PATHS = ['/admin', '/admin.data', '/api/admin'] as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a console call needs: a permission (the roles that have it are in contract/admin/roles),
     * `'signed_in'` for any verified staff member, or `'public'` for the sign-in steps themselves.
     * Every `/api/admin/` route must state one.
     */
    staff?: Permission | 'signed_in' | 'public';
  }
  interface FastifyRequest {
    /** The console session behind the staff cookie, looked up once per request when asked for. */
    findStaffSession(): Promise<{ member: StaffRow; verified: boolean } | null>;
    /** The verified staff member of a console call (set before the handler of a protected route). */
    staffMember: StaffRow | null;
  }
}

/** Reads the staff cookie lazily and guards every `/api/admin/` route by the permission it states. */
export const staffAuthPlugin = fp(
  async function staffAuth(app: FastifyInstance, options: { signIn: StaffSignInService; findMemberId: (token: string) => Promise<number | null> }) {
    app.decorateRequest('staffMember', null);
    app.decorateRequest('findStaffSession', function (this: FastifyRequest) {
      const cache = this as FastifyRequest & { staffLookup?: Promise<{ member: StaffRow; verified: boolean } | null> };
      cache.staffLookup ??= (async () => {
        const token = this.cookies[STAFF_COOKIE];
        return token ? options.signIn.findSession(token) : null;
      })();
      return cache.staffLookup;
    });

    // Before the body is read or validated: a caller without the right learns nothing about the call.
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/admin/')) return;
      const rule = request.routeOptions.config.staff;
      if (rule === 'public') return;
      // A route that forgot to say is closed, never open (the roles test lists every route).
      if (!rule) throw new AppError('staff_forbidden', { detail: `no staff rule on ${request.routeOptions.url}` });
      const session = await request.findStaffSession();
      if (!session?.verified) {
        // A member's own session is no key to the console: forbidden, not "sign in".
        const memberToken = request.cookies[SESSION_COOKIE];
        if (memberToken && (await options.findMemberId(memberToken))) throw new AppError('staff_forbidden');
        throw new AppError('staff_authentication_required');
      }
      if (rule !== 'signed_in' && !hasPermission(session.member.role, rule)) throw new AppError('staff_forbidden');
      request.staffMember = session.member;
    });
  },
  { name: 'staff-auth', dependencies: ['@fastify/cookie'] },
);

/** The signed-in staff member of a guarded route, as the actor of what it changes. */
export function actorOf(request: FastifyRequest): StaffActor {
  const member = request.staffMember;
  if (!member) throw new AppError('staff_authentication_required');
  return { id: member.id, email: member.email, role: member.role, ip: request.ip };
}

export function setStaffCookie(reply: FastifyReply, token: string) {
  for (const path of STAFF_COOKIE_PATHS) {
    reply.setCookie(STAFF_COOKIE, token, { path, httpOnly: true, sameSite: 'strict', secure: 'auto', maxAge: STAFF_SESSION_HOURS * 3600 });
  }
}

export function clearStaffCookie(reply: FastifyReply) {
  for (const path of STAFF_COOKIE_PATHS) reply.clearCookie(STAFF_COOKIE, { path, httpOnly: true, sameSite: 'strict', secure: 'auto' });
}
