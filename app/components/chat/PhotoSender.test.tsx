import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import { PhotoSender } from './PhotoSender';

async function render(credits: number, price = 15) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
  return renderToStaticMarkup(
    <MemoryRouter>
      <I18nextProvider i18n={i18n}>
        <PhotoSender target={{ conversation_id: 3 }} price={price} credits={credits} onSent={() => {}} />
      </I18nextProvider>
    </MemoryRouter>,
  );
}

describe('PhotoSender', () => {
  it('offers a photo the member can pay for', async () => {
    const html = await render(15);
    expect(html).not.toMatch(/<button[^>]*disabled/);
    expect(html).not.toContain('photo-credits-short');
  });

  it('disables the photo button when credits are short, saying the price, the balance and where to buy', async () => {
    const html = await render(14);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-describedby="photo-sender-short"/);
    expect(html).toContain(en.chat.photo_price.replace('{{price}}', '15').replace('{{credits}}', '14'));
    expect(html).toContain('href="/credits"');
  });
});
