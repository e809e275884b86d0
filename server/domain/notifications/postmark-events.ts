import type { MailEvent } from '../../../contract/mail-events';

/**
 * Postmark's webhooks (one record per call) as our mail events. Only what stops mail for good
 * counts: a hard bounce or a bad address, a spam complaint, and a suppression Postmark added
 * (SubscriptionChange with SuppressSending). Soft bounces, delivery and open records, and a
 * reactivation (SuppressSending false) change nothing: the member switches mail back on
 * themselves, and Postmark's reactivation alone is no sign the address works for us again.
 */
export function fromPostmark(record: unknown): MailEvent[] {
  if (!record || typeof record !== 'object') return [];
  const value = record as Record<string, unknown>;
  const at = typeof value.BouncedAt === 'string' ? value.BouncedAt : typeof value.ChangedAt === 'string' ? value.ChangedAt : undefined;
  // Postmark names its default streams `outbound` (transactional) and `broadcast` (bulk).
  const stream: MailEvent['stream'] = value.MessageStream === 'outbound' ? 'transactional' : value.MessageStream === 'broadcast' ? 'bulk' : undefined;
  const withAt = (event: MailEvent): MailEvent => {
    const onStream = stream ? { ...event, stream } : event;
    return at && !Number.isNaN(Date.parse(at)) ? { ...onStream, at: new Date(at).toISOString() } : onStream;
  };
  switch (value.RecordType) {
    case 'Bounce': {
      if (typeof value.Email !== 'string') return [];
      const permanent = value.Type === 'HardBounce' || value.Type === 'BadEmailAddress';
      return [withAt({ type: permanent ? 'bounce' : 'soft_bounce', email: value.Email })];
    }
    case 'SpamComplaint':
      return typeof value.Email === 'string' ? [withAt({ type: 'complaint', email: value.Email })] : [];
    case 'SubscriptionChange': {
      if (value.SuppressSending !== true || typeof value.Recipient !== 'string') return [];
      const type = value.SuppressionReason === 'HardBounce' ? 'bounce' : value.SuppressionReason === 'SpamComplaint' ? 'complaint' : 'unsubscribe';
      return [withAt({ type, email: value.Recipient as string })];
    }
    default:
      return [];
  }
}
