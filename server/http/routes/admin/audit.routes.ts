import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditPage, AuditQuery } from '../../../../contract/admin/audit';
import { ErrorBody } from '../../../../contract/errors';
import { AUDIT_PAGE_SIZE, type AuditFilters, type AuditRow, type AuditService, type AuditViewer } from '../../../domain/audit/audit.service';
import { actorOf, siteScopeOf } from '../../admin/staff-auth';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const tags = ['admin'];
const DAY = 86_400_000;

function filtersOf(query: AuditQuery): AuditFilters {
  return {
    staffId: query.staff_id,
    action: query.action || undefined,
    targetType: query.target_type || undefined,
    targetId: query.target_id || undefined,
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    to: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY) : undefined,
  };
}

/** The signed-in staff member as a reader of the log: limited staff see their own rows and their sites' (ADR 0060). */
const viewerOf = (request: FastifyRequest): AuditViewer => ({ staffId: actorOf(request).id, sites: siteScopeOf(request) });

const present = (row: AuditRow) => ({
  id: row.id,
  at: row.at.toISOString(),
  staff_id: row.staffId,
  staff_email: row.staffEmail,
  role: row.role,
  action: row.action,
  target_type: row.targetType,
  target_id: row.targetId,
  before: row.diff.before,
  after: row.diff.after,
  ip: row.ip,
});

/** The audit log, filtered and paged, and the same as CSV; of their own rows and their sites' for limited staff. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    '/api/admin/audit',
    { schema: { tags, querystring: AuditQuery, response: { 200: AuditPage, ...errors } }, config: { staff: 'audit.read' } },
    async (request) => {
      const rows = await audit.consolePage(viewerOf(request), filtersOf(request.query), request.query.before);
      return { entries: rows.map(present), next_before: rows.length === AUDIT_PAGE_SIZE ? rows[rows.length - 1].id : null };
    },
  );

  app.get('/api/admin/audit.csv', { schema: { tags, querystring: AuditQuery }, config: { staff: 'audit.read' } }, async (request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="audit-log.csv"')
      .send(Readable.from(audit.csv(viewerOf(request), filtersOf(request.query)))),
  );
};
