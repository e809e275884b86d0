import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientIdentity } from '../domain/accounts/login-guard';

export const DEVICE_COOKIE = 'rdv_device';
/** Browsers keep a cookie at most 400 days; the device is remembered as long as they allow. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
const DEVICE_ID = /^[\w-]{43}$/;

/**
 * The client behind a log-in or password check (ADR 0019): its address, and a long-lived random
 * device cookie (HttpOnly, SameSite=Lax) that is handed out here on first sight. A device earns
 * trust only by proving an account (log-in, sign-up, reset link), so a fresh cookie buys nothing.
 */
export function clientOf(request: FastifyRequest, reply: FastifyReply): ClientIdentity {
  let deviceId = request.cookies[DEVICE_COOKIE];
  if (!deviceId || !DEVICE_ID.test(deviceId)) {
    deviceId = crypto.randomBytes(32).toString('base64url');
    reply.setCookie(DEVICE_COOKIE, deviceId, { path: '/', httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS });
  }
  return { ip: request.ip, deviceId };
}
