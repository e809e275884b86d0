import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { currentTotp } from '../../../server/domain/staff/second-factor';
import { baseUrl } from './browser';

/**
 * The last 30-second step whose code each secret used, kept in a file: the journeys run one file
 * after another in fresh workers, and the server refuses a code it has already taken, so a file
 * that signs in the demo owner right after another file did must wait for the next step too.
 */
function stepFile(secret: string) {
  return path.join(os.tmpdir(), `rendezvous-e2e-totp-${createHash('sha256').update(secret).digest('hex').slice(0, 16)}`);
}

/**
 * The authenticator's code for a secret, as a person would read it off their phone. A code is
 * accepted once per 30-second step, so a second sign-in within the same step waits for the next.
 */
export async function authenticatorCode(secret: string): Promise<string> {
  const step = () => Math.floor(Date.now() / 30_000);
  const lastUsed = () => Number(fs.existsSync(stepFile(secret)) ? fs.readFileSync(stepFile(secret), 'utf8') : -1);
  while (step() <= lastUsed()) await new Promise((resolve) => setTimeout(resolve, 500));
  fs.writeFileSync(stepFile(secret), String(step()));
  return currentTotp(secret, new Date());
}

/** Signs in to the console with e-mail, password and the authenticator's code. */
export async function signInToConsole(page: Page, account: { email: string; password: string; totpSecret: string }) {
  await page.goto(`${baseUrl()}/admin`);
  await page.getByLabel('E-mail address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Code').fill(await authenticatorCode(account.totpSecret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('console-identity').waitFor();
}
