import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { currentTotp } from '../../../server/domain/staff/second-factor';
import { baseUrl } from './browser';

interface StaffAccount {
  email: string;
  password: string;
  totpSecret: string;
}

/**
 * A file of this run (global-server.ts makes the directory and removes it at the end): the
 * journeys run one file after another in fresh workers, so what one file learnt (a code step
 * used, a session) is read back from disk; runs of other engineers on the machine never see it.
 */
function runFile(kind: string, name: string) {
  const key = createHash('sha256').update(name).digest('hex').slice(0, 16);
  return path.join(inject('stateDir'), `${kind}-${key}`);
}

const TOTP_STEP_MS = 30_000;

/**
 * The authenticator's code for a secret, as a person would read it off their phone. The server
 * takes each 30-second step's code once and also accepts the next step's code (a phone's clock
 * may run ahead), so a second sign-in within one step uses the next step's code; only a third
 * within the same step waits for a new step.
 */
export async function authenticatorCode(secret: string): Promise<string> {
  const file = runFile('totp', secret);
  const step = () => Math.floor(Date.now() / TOTP_STEP_MS);
  const lastUsed = () => Number(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : -1);
  while (step() + 1 <= lastUsed()) await new Promise((resolve) => setTimeout(resolve, 500));
  const use = Math.max(step(), lastUsed() + 1);
  fs.writeFileSync(file, String(use));
  return currentTotp(secret, new Date(use * TOTP_STEP_MS));
}

/** Signs in to the console with e-mail, password and the authenticator's code. */
export async function signInToConsole(page: Page, account: StaffAccount) {
  await page.goto(`${baseUrl()}/admin`);
  await page.getByLabel('E-mail address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Code').fill(await authenticatorCode(account.totpSecret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('console-identity').waitFor();
}

/**
 * Opens the console as a staff account: with the session this run signed in earlier for that
 * account when it still holds (a console session lasts a working day), else by signing in through
 * the form once and keeping that session for later journeys. For journeys about what staff do;
 * the sign-in itself is walked with `signInToConsole` (console-staff.spec.ts).
 */
export async function openConsoleAs(page: Page, account: StaffAccount) {
  const file = runFile('staff-session', account.email);
  if (fs.existsSync(file)) {
    await page.context().addCookies(JSON.parse(fs.readFileSync(file, 'utf8')));
    await page.goto(`${baseUrl()}/admin`);
    if (await page.getByTestId('console-identity').count()) return;
  }
  await signInToConsole(page, account);
  const session = (await page.context().cookies()).filter((cookie) => cookie.name === 'rdv_staff');
  fs.writeFileSync(file, JSON.stringify(session));
}
