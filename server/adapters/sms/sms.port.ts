/** A finished, localized text message. */
export interface OutgoingSms {
  /** The recipient's mobile number as the member typed it (providers normalize it). */
  to: string;
  text: string;
  /** What made it (e.g. `sepa_mandate_code`), for logs and the outbox page. */
  kind: string;
}

export interface SmsSender {
  send(sms: OutgoingSms): Promise<void>;
}
