import { describe, expect, it } from 'vitest';
import { dsnMessage, permanentDsn, temporaryDsn } from '../../../tests/factories/bounces';
import { headerOfMessage, readDeliveryStatus } from './delivery-status';

const verp = 'bounces-bulk+1a-0123456789abcdef01234567@site.test';

describe('reading a DSN (RFC 3464)', () => {
  it('reads a hard bounce as permanent and a full mailbox as temporary', () => {
    expect(readDeliveryStatus(permanentDsn(verp, 'gone@mailbox.example'))).toBe('permanent');
    expect(readDeliveryStatus(temporaryDsn(verp, 'full@mailbox.example'))).toBe('temporary');
  });

  it('tells a 4.x.x failure and a success report apart from a hard bounce, on either line ending', () => {
    const failedForNow = dsnMessage({ envelopeTo: verp, failedRecipient: 'a@b.example', action: 'failed', status: '4.4.7', diagnostic: 'expired' });
    expect(readDeliveryStatus(failedForNow)).toBe('temporary');
    const delivered = dsnMessage({ envelopeTo: verp, failedRecipient: 'a@b.example', action: 'delivered', status: '2.0.0', diagnostic: '250 ok' });
    expect(readDeliveryStatus(delivered)).toBe('none');
    expect(readDeliveryStatus(permanentDsn(verp, 'gone@mailbox.example').replace(/\r\n/g, '\n'))).toBe('permanent');
  });

  it('finds no report in a message that is no DSN, or in garbage', () => {
    const autoReply = 'From: anna@mailbox.example\r\nSubject: Out of office\r\nContent-Type: text/plain\r\n\r\nAway until Monday.\r\n';
    const reportWithoutRecipients = permanentDsn(verp, 'a@b.example').replace(/Action: failed\r\n/, '');
    for (const message of ['', 'garbage', autoReply, reportWithoutRecipients, 'Content-Type: multipart/report\r\n\r\n--x\r\n']) {
      expect(readDeliveryStatus(message)).toBeNull();
    }
  });

  it('reads the top-most envelope header, unfolded', () => {
    const message = permanentDsn(verp, 'gone@mailbox.example');
    expect(headerOfMessage(message, 'Delivered-To')).toBe(verp);
    expect(headerOfMessage(message, 'content-type')).toContain('boundary="4CYLc25zRkz4Hyd.1764397201/mx1.relay.example"');
    // Headers of the returned message inside the body are not the message's own.
    expect(headerOfMessage(message, 'subject')).toBe('Undelivered Mail Returned to Sender');
  });
});
