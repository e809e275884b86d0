import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkResponse } from '../../../../contract/accounts';
import {
  NewSafetyRuleInput,
  SafetyRuleEntry,
  SafetyRuleIdParams,
  SafetyRulesList,
  SafetyRulesQuery,
  SiteSafetyParams,
  SiteSafetySettings,
} from '../../../../contract/admin/safety';
import { ErrorBody } from '../../../../contract/errors';
import type { SafetyRulesConsole } from '../../../domain/safety/safety-rules-console.service';
import { actorOf, siteScopeOf } from '../../admin/staff-auth';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['admin'];

/**
 * The safety signals' word and pattern lists (moderators and up) and each site's choices about
 * them (those who edit sites). Issue 32.
 */
export const safetyRulesRoutes: FastifyPluginAsyncZod<{ safetyRules: SafetyRulesConsole }> = async (app, { safetyRules }) => {
  app.get(
    '/api/admin/safety-rules',
    { schema: { tags, querystring: SafetyRulesQuery, response: { 200: SafetyRulesList, ...errors } }, config: { staff: 'moderation.review' } },
    async (request) => {
      const scope = siteScopeOf(request);
      const [entries, sites] = await Promise.all([safetyRules.list(request.query.site_id ?? null, scope), safetyRules.siteOptions(scope)]);
      return { entries, sites };
    },
  );

  app.post(
    '/api/admin/safety-rules',
    { schema: { tags, body: NewSafetyRuleInput, response: { 201: SafetyRuleEntry, ...errors } }, config: { staff: 'moderation.review' } },
    async (request, reply) => reply.status(201).send(await safetyRules.add(actorOf(request), request.body)),
  );

  app.delete(
    '/api/admin/safety-rules/:id',
    { schema: { tags, params: SafetyRuleIdParams, response: { 200: OkResponse, ...errors } }, config: { staff: 'moderation.review' } },
    async (request) => {
      await safetyRules.remove(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/sites/:id/safety',
    { schema: { tags, params: SiteSafetyParams, response: { 200: SiteSafetySettings, ...errors } }, config: { staff: 'sites.read' } },
    async (request) => safetyRules.settings(request.params.id, siteScopeOf(request)),
  );

  app.put(
    '/api/admin/sites/:id/safety',
    {
      schema: { tags, params: SiteSafetyParams, body: SiteSafetySettings, response: { 200: SiteSafetySettings, ...errors } },
      config: { staff: 'sites.write' },
    },
    async (request) => safetyRules.saveSettings(actorOf(request), request.params.id, request.body),
  );
};
