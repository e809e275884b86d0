import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkResponse } from '../../../contract/accounts';
import { ErrorBody } from '../../../contract/errors';
import { PushSubscribeInput, PushUnsubscribeInput } from '../../../contract/push';
import type { PushSubscriptionsService } from '../../domain/notifications/push-subscriptions.service';
import { requireMember } from '../auth';

/**
 * Spec §7 names the call `POST /api/user.php?push=1`: the same path as log-in, told apart by
 * its query. A route constraint on `push=1` sends it here, so log-in's route stays as it is;
 * `user.php` calls without the parameter never reach these routes.
 */
type ConstraintStrategy = Parameters<FastifyInstance['addConstraintStrategy']>[0];
type RouteHandler = NonNullable<ReturnType<ReturnType<ConstraintStrategy['storage']>['get']>>;

const pushQueryStrategy: ConstraintStrategy = {
  name: 'pushQuery',
  storage() {
    const handlers = new Map<unknown, RouteHandler>();
    return {
      get: (value) => handlers.get(value) ?? null,
      set: (value, handler) => void handlers.set(value, handler),
    };
  },
  deriveConstraint(request: IncomingMessage): string | undefined {
    const url = request.url ?? '';
    const query = url.indexOf('?');
    if (query === -1 || !url.includes('push=', query)) return undefined;
    return new URLSearchParams(url.slice(query + 1)).get('push') === '1' ? '1' : undefined;
  },
  // A GET /api/user.php?push=1 is still the current member.
  mustMatchWhenDerived: false,
};

const errors = { 400: ErrorBody, 403: ErrorBody, 429: ErrorBody };
const PUSH_PATH = '/api/user.php';
/** How the API document lists these calls: apart from log-in under the same path. */
const documentedAs = {
  swaggerTransform: (input: Parameters<typeof jsonSchemaTransform>[0]) => ({ ...jsonSchemaTransform(input), url: `${PUSH_PATH}?push=1` }),
};

/** A member's browsers for Web Push: subscribe on opt-in, unsubscribe on opt-out and log-out. */
export const pushSubscriptionsRoutes: FastifyPluginAsyncZod<{ pushSubscriptions: PushSubscriptionsService }> = async (app, { pushSubscriptions }) => {
  app.addConstraintStrategy(pushQueryStrategy);

  app.post(
    PUSH_PATH,
    {
      constraints: { pushQuery: '1' },
      schema: { tags: ['notifications'], body: PushSubscribeInput, response: { 200: OkResponse, ...errors } },
      // A browser saves its subscription at opt-in and perhaps at each start of the app; far
      // more from one address is somebody churning endpoints.
      config: { member: 'required', rateLimit: { max: 120, timeWindow: '15 minutes' }, ...documentedAs },
    },
    async (request) => {
      const memberId = await requireMember(request);
      await pushSubscriptions.subscribe(memberId, request.body.subscription);
      return { ok: true as const };
    },
  );

  app.delete(
    PUSH_PATH,
    {
      constraints: { pushQuery: '1' },
      schema: { tags: ['notifications'], body: PushUnsubscribeInput, response: { 200: OkResponse, ...errors } },
      config: { member: 'required', ...documentedAs },
    },
    async (request) => {
      const memberId = await requireMember(request);
      // Answers the same whether or not there was one: a repeated log-out clean-up is no error,
      // and nobody learns whether another member's browser uses the endpoint.
      await pushSubscriptions.unsubscribe(memberId, request.body.endpoint);
      return { ok: true as const };
    },
  );
};
