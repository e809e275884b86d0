import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConsoleLanguageInput, StaffMember } from '../../../../contract/admin/staff';
import { ErrorBody } from '../../../../contract/errors';
import type { StaffPreferencesService } from '../../../domain/staff/staff-preferences.service';
import { presentStaff } from '../../../domain/staff/staff-presenter';
import { actorOf } from '../../admin/staff-auth';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const tags = ['admin'];

/** What the signed-in staff member sets for themselves: the console's language (issue 32). */
export const staffPreferencesRoutes: FastifyPluginAsyncZod<{ preferences: StaffPreferencesService }> = async (app, { preferences }) => {
  app.put(
    '/api/admin/me/language',
    { schema: { tags, body: ConsoleLanguageInput, response: { 200: StaffMember, ...errors } }, config: { staff: 'signed_in' } },
    async (request) => presentStaff(await preferences.setConsoleLanguage(actorOf(request), request.body.language)),
  );
};
