import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PartnerCard as Offer } from '../../../contract/partner-cards';
import type { ProfileCard } from '../../../contract/profiles';
import { interleavePartnerCards } from './interleave-partner-cards';
import { PartnerCard } from './PartnerCard';

const offer = (id: number, kind: Offer['kind'] = 'cam'): Offer => ({
  id,
  kind,
  name: `Offer${id}`,
  age: 30,
  city: 'Riga',
  image: null,
  url: `https://partner.example/${id}?utm_source=site.example`,
});
const member = (id: number) => ({ id, name: `Member${id}` }) as ProfileCard;
const members = (count: number) => Array.from({ length: count }, (_, index) => member(index + 1));

describe('PartnerCard', () => {
  it('links out as a sponsored link in a new tab and is marked as a partner offer', () => {
    const html = renderToStaticMarkup(<PartnerCard card={offer(1, 'cam')} />);
    expect(html).toContain('href="https://partner.example/1?utm_source=site.example"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="sponsored noopener"');
    expect(html).toContain('partner.label');
    expect(html).toContain('partner.live_cam');
    expect(html).toContain('data-testid="partner-card"');
    expect(html).not.toContain('/members/');
  });

  it('shows the live-cam label only on cam cards', () => {
    const html = renderToStaticMarkup(<PartnerCard card={offer(2, 'resell')} />);
    expect(html).toContain('partner.label');
    expect(html).not.toContain('partner.live_cam');
  });

  it('renders a partner’s name as text, never as markup', () => {
    const html = renderToStaticMarkup(<PartnerCard card={{ ...offer(3), name: '<img src=x onerror=alert(1)>' }} />);
    expect(html).not.toContain('<img src=x');
  });
});

describe('interleavePartnerCards', () => {
  it('places one card after every six members, cycling through the cards', () => {
    const items = interleavePartnerCards(members(20), [offer(1), offer(2)], 6);
    const placed = items.flatMap((item, index) => (item.type === 'partner' ? [[index, item.card.id]] : []));
    expect(placed).toEqual([
      [6, 1],
      [13, 2],
      [20, 1],
    ]);
    expect(items.filter((item) => item.type === 'member')).toHaveLength(20);
  });

  it('places none among fewer members than the interval, or without cards', () => {
    expect(interleavePartnerCards(members(5), [offer(1)], 6).every((item) => item.type === 'member')).toBe(true);
    expect(interleavePartnerCards(members(12), [], 6)).toHaveLength(12);
  });
});
