import type { Exec } from './search-data';

const NETWORKS = ['adnet', 'mailnet', 'social', 'search', 'direct'];

/**
 * Turns the loaded members into a year of sign-ups for the owners' figures: each member signed
 * up some time in the last 365 days and before their first credited order, has `paid_at` set to
 * that order, and a traffic source (network, ref, sub1) from a small set. One statement.
 */
export async function spreadSignups(exec: Exec) {
  await exec(
    `update users u
        set created_at = least(now() - random() * interval '365 days', coalesce(f.first_paid - random() * interval '20 days', 'infinity')),
            paid_at = f.first_paid,
            tracking_network = ($1::text::text[])[1 + u.id % 5],
            tracking_ref = 'ref' || (u.id % 7),
            tracking_sub1 = 'camp' || (u.id % 11)
       from users v left join (select user_id, min(credited_at) as first_paid from orders where credited_at is not null group by user_id) f on f.user_id = v.id
      where v.id = u.id`,
    [`{${NETWORKS.join(',')}}`],
  );
  await exec('vacuum (analyze) users');
}

/**
 * What members do, for "active": `sessions` sign-ins and `messages` sent in conversations of
 * neighbouring members, each after its member's sign-up and more of them soon after it (a cube
 * of a random number), as retention falls off on a live site.
 */
export async function loadActivity(exec: Exec, options: { members: number; sessions: number; messages: number }) {
  const { members, sessions, messages } = options;
  await exec(
    `insert into sessions (token_hash, user_id, created_at, expires_at)
     select 'bench-' || g, u.id, u.created_at + power(random(), 3) * (now() - u.created_at), now() + interval '30 days'
     from generate_series(1, $1::int) g join users u on u.id = 1 + (g::bigint * 7919) % $2::int`,
    [sessions, members],
  );
  const conversations = Math.max(1, Math.min(Math.floor(members / 2), Math.ceil(messages / 10)));
  await exec(
    `insert into conversations (id, member_a, member_b, started_by, created_at, last_message_at)
     overriding system value
     select g, 2 * g - 1, 2 * g, 2 * g - 1, now(), now() from generate_series(1, $1::int) g`,
    [conversations],
  );
  await exec(
    `insert into messages (conversation_id, sender_id, body, client_id, created_at)
     select d.c, u.id, 'hi', 'bench-' || d.g, u.created_at + power(random(), 3) * (now() - u.created_at)
     from (select g, 1 + (g::bigint * 104729) % $2::int as c, g % 2 as side from generate_series(1, $1::int) g) d
     join users u on u.id = 2 * d.c - d.side`,
    [messages, conversations],
  );
  await exec('vacuum (analyze) sessions');
  await exec('vacuum (analyze) conversations');
  await exec('vacuum (analyze) messages');
}
