import { describe, expect, it } from 'vitest';
import type { SiteSettings } from './site';
import { pageSettingsOf, sharedSettingsFileOf, splitPageSettings } from './page-settings';

/** Enough of a site's settings for what the page functions read and drop. */
const settingsOf = (name: string) =>
  Object.freeze({
    name,
    index_title: `${name} title`,
    description: 'Singles',
    geoip_country: 'DE',
    geoip_selected_country: 'DE',
    niche: 'x',
    support_email: 'help@example.com',
  }) as unknown as SiteSettings;

describe('page settings kept per settings object', () => {
  it('derives the page settings, their split and the file once per settings object, frozen', async () => {
    const settings = settingsOf('Rendezvous');
    const page = pageSettingsOf(settings);
    expect(page).toBe(pageSettingsOf(settings));
    expect(page).toEqual({
      name: 'Rendezvous',
      index_title: 'Rendezvous title',
      description: 'Singles',
      geoip_country: 'DE',
      geoip_selected_country: 'DE',
      support_email: 'help@example.com',
    });
    const split = splitPageSettings(settings);
    expect(split).toBe(splitPageSettings(settings));
    expect(split.shared).toEqual({ support_email: 'help@example.com' });
    expect([page, split, split.inline, split.shared].every((item) => Object.isFrozen(item))).toBe(true);
    const file = await sharedSettingsFileOf(settings, 'en');
    expect(await sharedSettingsFileOf(settings, 'en')).toBe(file);
    expect(file.body).toBe('{"support_email":"help@example.com"}');
    expect(file.url).toBe(`/site-settings/en.${file.hash}.json`);
  });

  it('names each language’s file apart, and other settings get their own file', async () => {
    const settings = settingsOf('Rendezvous');
    const [en, de] = await Promise.all([sharedSettingsFileOf(settings, 'en'), sharedSettingsFileOf(settings, 'de')]);
    expect(en.url).toBe(`/site-settings/en.${en.hash}.json`);
    expect(de.url).toBe(`/site-settings/de.${en.hash}.json`);
    const other = Object.freeze({ ...settings, support_email: 'other@example.com' }) as SiteSettings;
    const otherFile = await sharedSettingsFileOf(other, 'en');
    expect(otherFile.hash).not.toBe(en.hash);
    expect(splitPageSettings(other).shared).toEqual({ support_email: 'other@example.com' });
  });
});
