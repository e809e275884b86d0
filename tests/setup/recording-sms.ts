import type { OutgoingSms, SmsSender } from '../../server/adapters/sms/sms.port';

/** Keeps sent text messages in memory so tests can read the codes; `failNext` simulates a gateway outage. */
export function createRecordingSmsSender() {
  const sent: OutgoingSms[] = [];
  let failures = 0;
  const sender: SmsSender & { sent: OutgoingSms[]; lastCode(to?: string): string; failNext(): void } = {
    sent,
    async send(sms) {
      if (failures > 0) {
        failures -= 1;
        throw new Error('SMS gateway down');
      }
      sent.push(sms);
    },
    /** The six-digit code of the newest SMS (to a number, when given). */
    lastCode(to) {
      const found = [...sent].reverse().find((sms) => !to || sms.to === to);
      const code = found && /\b(\d{6})\b/.exec(found.text)?.[1];
      if (!code) throw new Error(`No SMS code${to ? ` to ${to}` : ''} was sent`);
      return code;
    },
    failNext() {
      failures += 1;
    },
  };
  return sender;
}
