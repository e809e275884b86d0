import type { Page } from 'playwright-core';
import { currentTotp } from '../../../server/domain/staff/second-factor';
import { baseUrl } from './browser';

const lastStepUsed = new Map<string, number>();

/**
 * The authenticator's code for a secret, as a person would read it off their phone. A code is
 * accepted once per 30-second step, so a second sign-in within the same step waits for the next.
 */
export async function authenticatorCode(secret: string): Promise<string> {
  const step = () => Math.floor(Date.now() / 30_000);
  while (step() <= (lastStepUsed.get(secret) ?? -1)) await new Promise((resolve) => setTimeout(resolve, 500));
  lastStepUsed.set(secret, step());
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
