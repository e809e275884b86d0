import { beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../contract/locales';
import type { OutgoingMail } from '../../server/adapters/mail/mail.port';
import { MAIL_KINDS, createMailService } from '../../server/domain/mail/mail.service';
import { createTranslator, type Translator } from '../../server/i18n/translator';
import { NOTIFICATION_TEMPLATES, SAMPLE_COMPANY_LINE, SAMPLE_SITE, renderEveryMail, sampleUrls, type SampleMail } from '../../scripts/mail/mail-samples';

/**
 * Every mail kind in every language, drawn in the one frame all mail shares (mail-layout.ts):
 * the member's language on `<html>`, a `<title>`, the site's name and company, and a plain-text
 * twin with the same link — and no text of a translation left unfilled or untranslated.
 */
let translator: Translator;
let samples: SampleMail[];
beforeAll(async () => {
  translator = await createTranslator();
  samples = await renderEveryMail(translator);
});

function expectFramed({ language, name, link, mail }: SampleMail) {
  const where = `${language} ${name}`;
  expect(mail.html, where).toContain(`<html lang="${language}">`);
  expect(mail.html, where).toContain('<title>Flirtzone</title>');
  expect(mail.html, where).toContain(SAMPLE_COMPANY_LINE);
  expect(mail.html, where).toContain(`href="${link}"`);
  expect(mail.text, where).toContain(`: ${link}`);
  expect(mail.text, where).toContain(SAMPLE_COMPANY_LINE);
  expect(mail.subject.trim(), where).not.toBe('');
  for (const part of [mail.subject, mail.text, mail.html ?? '']) {
    expect(part, where).not.toMatch(/\{\{|undefined|\b(mail|notify|settings)\.[a-z_]+\.[a-z_]+/);
  }
  expect(mail.headers?.['Content-Language'], where).toBe(language);
}

describe('account mails', () => {
  it.each(SUPPORTED_LANGUAGES)('%s: every kind in the shared frame, its text twin carrying the same link', (language) => {
    const ofLanguage = samples.filter((sample) => sample.language === language && !sample.name.startsWith('notify.'));
    expect(ofLanguage.map((sample) => sample.name)).toEqual([...MAIL_KINDS]);
    for (const sample of ofLanguage) {
      expectFramed(sample);
      expect(sample.mail.stream).toBe('transactional');
      // An account link must work where a client hides the button: it is printed as text too.
      expect(sample.mail.html!.split(sample.link).length - 1, `${language} ${sample.name}`).toBe(2);
    }
  });

  it('keeps a member named like markup as text', async () => {
    const sent: OutgoingMail[] = [];
    const mail = createMailService({ mailer: { send: async (outgoing) => void sent.push(outgoing) }, translator, urls: sampleUrls });
    await mail.send('activation', SAMPLE_SITE, { email: 'x@example.com', name: '<b>Eve</b>', language: 'en' }, 'https://flirtzone.example/a');
    expect(sent[0].html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(sent[0].html).not.toContain('<b>Eve</b>');
  });
});

describe('notification mails', () => {
  it.each(SUPPORTED_LANGUAGES)('%s: every template in the shared frame, with its unsubscribe and settings links', (language) => {
    const ofLanguage = samples.filter((sample) => sample.language === language && sample.name.startsWith('notify.'));
    expect(ofLanguage.map((sample) => sample.name)).toEqual(NOTIFICATION_TEMPLATES.map((template) => `notify.${template}`));
    for (const sample of ofLanguage) {
      expectFramed(sample);
      expect(sample.mail.stream).toBe('bulk');
      expect(sample.mail.html).toContain('href="https://flirtzone.example/unsubscribe?token=t1"');
      expect(sample.mail.text).toContain('https://flirtzone.example/notifications');
    }
  });
});
