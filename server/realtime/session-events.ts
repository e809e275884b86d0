import type { SessionEvents } from '../domain/accounts/sessions.service';
import type { EventBus } from './event-bus';

/**
 * Ended sessions as a bus event: every instance's gateway closes those sessions' sockets at
 * once. A failed publish is only reported: the gateway's periodic session check still closes
 * them within its period (or the bus's outage closed them already), and the session itself is
 * already gone from the database.
 */
export function createRealtimeSessionEvents(
  bus: EventBus,
  onError: (error: unknown) => void = (error) => console.error('realtime session event failed', error),
): SessionEvents {
  return {
    async sessionsEnded(userId, fingerprints) {
      // Not awaited: with Redis away a publish waits in the offline queue, and a log-out or a
      // password reset must not wait with it.
      bus.publish(userId, { type: 'session_ended', sessions: fingerprints }).catch(onError);
    },
  };
}
