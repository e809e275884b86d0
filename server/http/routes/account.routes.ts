import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountDeletionInput,
  EmailInput,
  MailChangeInput,
  OkResponse,
  PasswordChangeInput,
  PasswordResetInput,
  PrivacyModeInput,
  TokenInput,
} from '../../../contract/accounts';
import { NotificationSettingsInput } from '../../../contract/notifications';
import { ErrorBody } from '../../../contract/errors';
import { text } from '../../../contract/inputs';
import type { Services } from '../../services';
import { AppError } from '../../domain/shared/app-error';
import { clearRestoreCookie, clearSessionCookie, requireMember, RESTORE_COOKIE, RESTORE_PATH, setSessionCookie } from '../auth';
import { clientOf } from '../client-identity';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const ok = { ok: true as const };
const tags = ['accounts'];

type Deps = Pick<Services, 'accounts' | 'activation' | 'passwords' | 'mailChange' | 'accountDeletion'>;

/** Everything done through e-mailed links, passwords, privacy mode and deletion. */
export const accountRoutes: FastifyPluginAsyncZod<Deps> = async (app, { accounts, activation, passwords, mailChange, accountDeletion }) => {
  // The activation link from the mail: confirms, then shows the outcome page.
  app.get('/api/activate.php', { schema: { tags, querystring: z.object({ token: text().max(200).default('') }) } }, async (request, reply) => {
    try {
      await activation.activate(request.query.token);
      return reply.redirect('/activate/done');
    } catch {
      return reply.redirect('/activate/error');
    }
  });

  app.post(
    '/api/activate.php',
    { schema: { tags, response: { 200: OkResponse, ...errors } }, config: { member: 'required', rateLimit: { max: 10, timeWindow: '1 hour' } } },
    async (request) => {
      await activation.resend(request.site, await requireMember(request));
      return ok;
    },
  );

  app.post(
    '/api/password-reset.php',
    { schema: { tags, body: EmailInput, response: { 200: OkResponse, ...errors } }, config: { rateLimit: { max: 10, timeWindow: '1 hour' } } },
    async (request, reply) => {
      const requester = { client: clientOf(request, reply), memberId: await request.findMemberId() };
      await passwords.requestReset(request.site, request.body.email, requester);
      return ok;
    },
  );

  app.put('/api/password-reset.php', { schema: { tags, body: PasswordResetInput, response: { 200: OkResponse, ...errors } } }, async (request, reply) => {
    await passwords.reset(request.site, request.body.token, request.body.password, request.body.password_confirm, clientOf(request, reply));
    return ok;
  });

  app.put(
    '/api/password.php',
    { schema: { tags, body: PasswordChangeInput, response: { 200: OkResponse, ...errors } }, config: { member: 'required' } },
    async (request, reply) => {
      const memberId = await requireMember(request);
      const { old_password, new_password, new_password_confirm } = request.body;
      const passwordChange = { old: old_password, new: new_password, confirm: new_password_confirm };
      setSessionCookie(reply, await passwords.change(request.site, memberId, passwordChange, clientOf(request, reply), request.headers['user-agent']));
      return ok;
    },
  );

  app.post(
    '/api/mail-change.php',
    { schema: { tags, body: MailChangeInput, response: { 200: OkResponse, ...errors } }, config: { member: 'required' } },
    async (request, reply) => {
      await mailChange.request(request.site, await requireMember(request), request.body.email, request.body.password, clientOf(request, reply));
      return ok;
    },
  );

  app.put('/api/mail-change.php', { schema: { tags, body: TokenInput, response: { 200: OkResponse, ...errors } } }, async (request) => {
    await mailChange.confirm(request.site, request.body.token);
    return ok;
  });

  app.put(
    '/api/notifications.php',
    { schema: { tags, body: NotificationSettingsInput, response: { 200: OkResponse, ...errors } }, config: { member: 'required' } },
    async (request) => {
      await accounts.setNotificationSettings(await requireMember(request), request.body);
      return ok;
    },
  );

  app.put(
    '/api/account.php',
    { schema: { tags, body: PrivacyModeInput, response: { 200: OkResponse, ...errors } }, config: { member: 'required', changesShownPages: true } },
    async (request) => {
      await accounts.setInvisible(await requireMember(request), request.body.invisible);
      return ok;
    },
  );

  app.delete(
    '/api/account.php',
    { schema: { tags, body: AccountDeletionInput, response: { 200: OkResponse, ...errors } }, config: { member: 'required', changesShownPages: true } },
    async (request, reply) => {
      await accountDeletion.delete(request.site, await requireMember(request), request.body, clientOf(request, reply));
      clearSessionCookie(reply);
      return ok;
    },
  );

  // "Restore my account", offered after a log-in with the right password during the 14 days.
  app.post(RESTORE_PATH, { schema: { tags, response: { 200: OkResponse, ...errors } }, config: { changesShownPages: true } }, async (request, reply) => {
    const offer = request.cookies[RESTORE_COOKIE];
    if (!offer) throw new AppError('link_invalid');
    setSessionCookie(reply, await accountDeletion.restore(offer, request.headers['user-agent']));
    clearRestoreCookie(reply);
    return ok;
  });

  // The reactivation link from the deletion mail.
  app.get(
    '/api/account.php',
    { schema: { tags, querystring: z.object({ reactivate: z.literal('1'), token: text().max(200).default('') }) }, config: { changesShownPages: true } },
    async (request, reply) => {
      try {
        await accountDeletion.reactivate(request.query.token);
        return reply.redirect('/login?reactivated=1');
      } catch {
        return reply.redirect('/activate/error?reason=reactivation');
      }
    },
  );
};
