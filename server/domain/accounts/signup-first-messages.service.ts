import type { SignupFirstMessageOutcome, SignupFirstMessagesRepository } from '../../db/repositories/signup-first-messages.repository';
import type { UsersRepository } from '../../db/repositories/users.repository';
import type { SiteRow } from '../../db/schema/index';
import type { ChatService } from '../chat/chat.service';
import type { Language } from '../../../contract/locales';
import type { JobQueue } from '../../jobs/job-queue';
import { isAppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';

export const DELIVER_SIGNUP_MESSAGE_JOB = 'deliver_signup_message';

/**
 * The chat's answer to the send, as the outcome kept with the message. Anything else (a
 * database hiccup, a rule that should not apply to a first message) is left to the job's
 * retries and, failing those, to the console's list of failed jobs.
 */
const OUTCOME_OF_REFUSAL: Record<string, SignupFirstMessageOutcome> = {
  blocked: 'blocked',
  not_found: 'target_unavailable',
  not_yourself: 'target_unavailable',
  insufficient_credits: 'not_enough_credits',
  conversation_limit_reached: 'not_enough_credits',
  // A paid message to a fictional profile waits for the member's own confirmation of its
  // warning; a sign-up cannot give it, so the message does not go (it was never paid for).
  fictional_confirmation_required: 'target_unavailable',
  // The site began to refuse contact details (or money requests, or off-site moves) after the
  // writer was asked at sign-up: it does not go, as a typed message would not.
  message_safety_blocked: 'safety_blocked',
};

/** The client id of the one send: the chat answers a second send with it by the first. */
export const signupMessageClientId = (userId: number) => `signup-first-message:${userId}`;

/**
 * A sign-up's first message to the profile it came from (issue 18). Kept at sign-up, it goes
 * out once the address is confirmed, through the chat's normal send path — priced by the
 * normal rules, realtime and notifications as for any message — as a durable job keyed by the
 * member, so a retried or raced confirmation enqueues it once; the chat's idempotent client id
 * makes a retried job send it once; the outcome is recorded once.
 */
export function createSignupFirstMessages(deps: {
  messages: SignupFirstMessagesRepository;
  users: Pick<UsersRepository, 'findById'>;
  findSite: (siteId: number) => Promise<SiteRow | null>;
  chat: Pick<ChatService, 'send'>;
  jobs: Pick<JobQueue, 'enqueue'>;
  clock: Clock;
}) {
  const { messages, users, chat, clock } = deps;

  return {
    /** After the address is confirmed: schedules the message, if one waits. */
    async confirmed(userId: number): Promise<void> {
      const waiting = await messages.find(userId);
      if (!waiting || waiting.settledAt) return;
      await deps.jobs.enqueue(DELIVER_SIGNUP_MESSAGE_JOB, { userId }, { key: `${DELIVER_SIGNUP_MESSAGE_JOB}:${userId}` });
    },

    /** The job: sends the waiting message and records what became of it. */
    async deliver(userId: number): Promise<SignupFirstMessageOutcome | null> {
      const waiting = await messages.find(userId);
      if (!waiting || waiting.settledAt) return waiting?.outcome ?? null;
      const sender = await users.findById(userId);
      // Only a confirmed member writes; a deleted one's message is gone with the account.
      if (sender?.status !== 'active') return null;
      const site = await deps.findSite(sender.siteId);
      if (!site) return null;

      let outcome: SignupFirstMessageOutcome = 'sent';
      try {
        await chat.send(site, userId, {
          profileId: waiting.targetUserId,
          kind: 'text',
          text: waiting.body,
          clientId: signupMessageClientId(userId),
          // The writer was asked at sign-up (screenSignupMessage) and cannot be asked again now:
          // the screening only decides what the recipient is warned about, as for a typed message.
          screening: { language: sender.language as Language, confirmed: true },
        });
      } catch (error) {
        const known = isAppError(error) ? OUTCOME_OF_REFUSAL[error.code] : undefined;
        if (!known) throw error;
        outcome = known;
      }
      await messages.settle(userId, outcome, clock.now());
      return outcome;
    },
  };
}

export type SignupFirstMessages = ReturnType<typeof createSignupFirstMessages>;
