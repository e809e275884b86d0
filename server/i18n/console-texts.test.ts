import { describe, expect, it } from 'vitest';
import { createTranslator } from './translator';

/** Issue 32: the console speaks a staff member's language where it has the texts, and English where it has not. */

describe('the console’s texts per language', () => {
  it('speaks English in a language without a file, and serves no file for it', async () => {
    const translator = await createTranslator({ consoleTexts: { fr: null } });
    expect(translator.consoleLanguages).not.toContain('fr');
    expect(translator.consoleTextLanguage('fr')).toBe('en');
    expect(translator.catalogues.urlOf('fr', 'admin')).toBe(translator.catalogues.urlOf('en', 'admin'));
    expect(translator.catalogues.find(translator.catalogues.urlOf('en', 'admin').replace('/en.', '/fr.'))).toBeNull();
  });

  it('serves a language’s file with English in the gaps, so no text shows as its key', async () => {
    const translator = await createTranslator({ consoleTexts: { de: { nav: { sign_out: 'Abmelden' } } } });
    expect(translator.consoleTextLanguage('de')).toBe('de');
    const served = JSON.parse(translator.catalogues.find(translator.catalogues.urlOf('de', 'admin'))!.body.toString('utf8'));
    expect(served.nav.sign_out).toBe('Abmelden');
    expect(served.nav.audit).toBe('Audit log');
    expect(served.field_problems.summary).toBe('Please check: {{fields}}.');
    expect(translator.forLanguage('de')('admin:nav.sign_out')).toBe('Abmelden');
    expect(translator.forLanguage('de')('admin:nav.audit')).toBe('Audit log');
  });

  it('gives English and every language with a file an address of its own', async () => {
    const translator = await createTranslator({ consoleTexts: { de: { title: 'Konsole' }, sv: null } });
    expect(translator.consoleLanguages).toEqual(expect.arrayContaining(['en', 'de']));
    expect(translator.catalogues.urlOf('de', 'admin')).toMatch(/^\/locales\/admin\/de\.[\w-]{12}\.json$/);
    expect(translator.catalogues.urlOf('sv', 'admin')).toMatch(/^\/locales\/admin\/en\./);
  });
});
