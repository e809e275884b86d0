import { hasPermission } from '../../../contract/admin/roles';
import type { Executor } from '../../db/client';
import { createMemberAdminRepository } from '../../db/repositories/member-admin.repository';
import type { AuditService, StaffActor } from '../audit/audit.service';
import type { Clock } from '../shared/clock';
import { scopeOfActor } from '../staff/site-scope';
import type { GetMemberDetail } from './member-pages.service';

/** The member's data handed out as one JSON document, for a member who asks for what is stored about them. */
export function createMemberExport(deps: { db: Executor; audit: AuditService; clock: Clock; detail: GetMemberDetail }) {
  const { db, audit, clock, detail } = deps;
  const reader = createMemberAdminRepository(db);

  return {
    /**
     * The member's data as JSON: account, profile, photos, orders, ledger, mandates, sessions and
     * conversations. The text of their messages only for staff who may read messages. The export
     * itself is audited.
     */
    async exportData(actor: StaffActor, memberId: number) {
      const page = await detail(memberId, scopeOfActor(actor));
      const ledger: unknown[] = [];
      for (let after = 0; ;) {
        const rows = await reader.ledgerPage(memberId, after, 1000);
        ledger.push(
          ...rows.map((row) => ({
            at: row.createdAt.toISOString(),
            delta: row.delta,
            balance_after: row.balanceAfter,
            reason: row.reason,
            reference: row.reference,
          })),
        );
        if (rows.length < 1000) break;
        after = rows[rows.length - 1].id;
      }
      const mandates = (await reader.fullMandates(memberId)).map((row) => ({
        id: row.id,
        order_id: row.orderId,
        account_holder: row.accountHolder,
        iban: row.iban,
        street: row.street,
        house_number: row.houseNumber,
        postal_code: row.postalCode,
        city: row.city,
        mobile: row.mobile,
        confirmed_at: row.confirmedAt?.toISOString() ?? null,
        created_at: row.createdAt.toISOString(),
      }));
      const withMessages = actor.role !== 'system' && hasPermission(actor.role, 'members.messages');
      const messages: unknown[] = [];
      if (withMessages) {
        for (let after = 0; ;) {
          const rows = await reader.sentMessagesPage(memberId, after, 1000);
          messages.push(
            ...rows.map((row) => ({
              conversation_id: row.conversationId,
              kind: row.kind,
              text: row.body,
              gift_id: row.giftId,
              at: row.createdAt.toISOString(),
            })),
          );
          if (rows.length < 1000) break;
          after = rows[rows.length - 1].id;
        }
      }
      await db.transaction((tx) =>
        audit.record(tx, actor, {
          action: 'member.export',
          targetType: 'member',
          targetId: memberId,
          after: { ledger_entries: ledger.length, messages_included: withMessages },
        }),
      );
      return {
        exported_at: clock.now().toISOString(),
        account: page.member,
        profile: page.profile,
        photos: page.photos,
        orders: page.orders.map(({ refundable_credits: _credits, refundable_price: _price, ...order }) => order),
        credit_ledger: ledger,
        sepa_mandates: mandates,
        sessions: page.sessions,
        conversations: page.conversations,
        ...(withMessages && { sent_messages: messages }),
      };
    },
  };
}
