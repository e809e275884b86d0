/** A push message as the service worker shows it. */
export interface PushMessage {
  title: string;
  body: string;
  /** The path the notification click opens. */
  path: string;
  /** Same tag replaces the earlier notification on the device (one per conversation). */
  tag: string;
  /** The app-icon badge count (unread messages + new likes), when known. */
  badge?: number;
  /**
   * RFC 8030 urgency: `high` for a member writing (the phone wakes for it), `normal` (the
   * default) for the rest, which a phone saving battery may hold back a while.
   */
  urgency?: 'normal' | 'high';
}

/** Delivers a push message to every subscription of a member; answers how many took it. */
export interface PushSender {
  send(userId: number, message: PushMessage): Promise<number>;
}

/** The deployment's VAPID key pair (RFC 8292), both halves base64url. */
export interface VapidKeyPair {
  publicKey: string;
  privateKey: string;
}
