import { hash, verify } from '@node-rs/argon2';
import { isTooGuessable } from './password-strength';

/** `Algorithm.Argon2id`: the package exports a const enum, which isolated modules cannot read. */
const ARGON2ID = 2;
/** OWASP's argon2id baseline: 19 MiB, two passes, one lane. */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome; the cap only keeps hashing cost bounded. */
export const PASSWORD_MAX_LENGTH = 128;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, verified against when the e-mail is unknown so that a failed
 * log-in takes as long for a missing account as for a wrong password.
 */
let decoyHash: Promise<string> | null = null;
export function getDecoyHash(): Promise<string> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  return decoyHash;
}

export type PasswordProblem = 'password_too_short' | 'password_too_long' | 'password_too_common';

/**
 * Sign-up, reset and change alike: 8 to 128 characters, and not easy to guess (zxcvbn, with the
 * member's own address and name and the site's name counted as the first guesses).
 */
export async function findPasswordProblem(
  password: string,
  context: { email?: string; name?: string; siteName?: string } = {},
): Promise<PasswordProblem | null> {
  if (password.length < PASSWORD_MIN_LENGTH) return 'password_too_short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'password_too_long';
  const personal = [context.email, context.email?.split('@')[0], context.name, context.siteName].filter((word): word is string => !!word);
  return (await isTooGuessable(password, personal)) ? 'password_too_common' : null;
}
