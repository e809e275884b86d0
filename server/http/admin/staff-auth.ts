import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hasPermission, type Permission } from '../../../contract/admin/roles';
import type { StaffActor } from '../../domain/audit/audit.service';
import type { StaffRow, StaffSignInService } from '../../domain/staff/staff-sign-in.service';
import { STAFF_SESSION_HOURS } from '../../domain/staff/staff-sign-in.service';
import { AppError } from '../../domain/shared/app-error';
import { siteScopeOfStaff, type SiteScope } from '../../domain/staff/site-scope';
import { SESSION_COOKIE } from '../auth';
import { callbackHook, hookRoutes } from '../route-hooks';

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

    // A console route that forgot to say who may call it stops the start, so no request can
    // ever reach one without a rule. The path checked is the route's own pattern as registered.
    app.addHook('onRoute', (route) => {
      if (isConsoleApiPattern(route.url) && !route.config?.staff) {
        throw new Error(`${route.method} ${route.url} is a console route without a staff rule (config.staff)`);
      }
    });

    /** The staff rule a request must pass: none for routes open to all (no rule, or `public`). */
    const guardOf = (route: RouteOptions) => {
      const rule = route.config?.staff;
      return rule && rule !== 'public' ? rule : null;
    };
    // Before the body is read or validated: a caller without the right learns nothing about the
    // call. The rule is the one of the route the router matched, never a reading of the URL's
    // text, which can spell the same route in many ways (`/api/%61dmin/…`).
    hookRoutes(
      app,
      'onRequest',
      (route) => {
        const rule = guardOf(route);
        return rule
          ? callbackHook(function staffRule(request) {
              return checkStaff(request, rule);
            })
          : null;
      },
      { first: true },
    );

    async function checkStaff(request: FastifyRequest, rule: NonNullable<ReturnType<typeof guardOf>>) {
      const session = await request.findStaffSession();
      if (!session?.verified) {
        // A member's own session is no key to the console: forbidden, not "sign in".
        const memberToken = request.cookies[SESSION_COOKIE];
        if (memberToken && (await options.findMemberId(memberToken))) throw new AppError('staff_forbidden');
        throw new AppError('staff_authentication_required');
      }
      if (rule !== 'signed_in' && !hasPermission(session.member.role, rule)) throw new AppError('staff_forbidden');
      request.staffMember = session.member;
    }
  },
  { name: 'staff-auth', dependencies: ['@fastify/cookie'] },
);

/** Whether a route pattern, as registered, belongs to the console's API. */
export function isConsoleApiPattern(pattern: string): boolean {
  return pattern.startsWith('/api/admin/');
}

/** The signed-in staff member of a guarded route, as the actor of what it changes. */
export function actorOf(request: FastifyRequest): StaffActor {
  const member = request.staffMember;
  if (!member) throw new AppError('staff_authentication_required');
  return { id: member.id, email: member.email, role: member.role, ip: request.ip, sites: siteScopeOfStaff(member) };
}

/**
 * The sites the signed-in staff member of a guarded route may see (ADR 0060), for the console
 * services to narrow their reads by: null for every site.
 */
export function siteScopeOf(request: FastifyRequest): SiteScope {
  const member = request.staffMember;
  if (!member) throw new AppError('staff_authentication_required');
  return siteScopeOfStaff(member);
}

export function setStaffCookie(reply: FastifyReply, token: string) {
  for (const path of STAFF_COOKIE_PATHS) {
    reply.setCookie(STAFF_COOKIE, token, { path, httpOnly: true, sameSite: 'strict', secure: 'auto', maxAge: STAFF_SESSION_HOURS * 3600 });
  }
}

export function clearStaffCookie(reply: FastifyReply) {
  for (const path of STAFF_COOKIE_PATHS) reply.clearCookie(STAFF_COOKIE, { path, httpOnly: true, sameSite: 'strict', secure: 'auto' });
}
