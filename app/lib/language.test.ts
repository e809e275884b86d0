import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from './language';

/** The browser's cookie jar as the code sees it: the last cookie written. */
function stubBrowser() {
  const jar = { cookie: '' };
  vi.stubGlobal('window', { location: { protocol: 'https:' } });
  vi.stubGlobal('document', jar);
  return jar;
}

afterEach(() => vi.unstubAllGlobals());

describe('chooseLanguage', () => {
  it('remembers a visitor’s choice in the browser only', async () => {
    const jar = stubBrowser();
    const save = vi.fn(async () => undefined);
    await chooseLanguage('de', { signedIn: false }, save);
    expect(jar.cookie).toBe('i18n_redirected=de; max-age=31536000; path=/; samesite=lax; secure');
    expect(save).not.toHaveBeenCalled();
  });

  it('saves a member’s choice with the account as well (spec §4)', async () => {
    const jar = stubBrowser();
    const save = vi.fn(async () => undefined);
    await chooseLanguage('fi', { signedIn: true }, save);
    expect(jar.cookie).toMatch(/^i18n_redirected=fi;/);
    expect(save).toHaveBeenCalledWith('fi');
  });

  it('keeps the choice in the browser when saving fails', async () => {
    const jar = stubBrowser();
    await expect(chooseLanguage('sv', { signedIn: true }, async () => Promise.reject(new Error('offline')))).resolves.toBeUndefined();
    expect(jar.cookie).toMatch(/^i18n_redirected=sv;/);
  });
});
