import type { TFunction } from 'i18next';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ProfileCard as Card } from '../../../contract/profiles';
import type { RootData } from '../../root';
import { ProfileCard } from './ProfileCard';

const t = ((key: string, options?: { distance?: number }) => (key === 'photo_first.km_away' ? `${options?.distance} km away` : key)) as unknown as TFunction;
const settings = {
  cdn_prefix: '',
  fictional_icon: '★',
  fictional_singular: 'fictional profile',
  fictional_warning: 'Run by our team.',
} as RootData['settings'];
const card: Card = {
  id: 7,
  name: 'Laureen',
  age: 41,
  gender: 'female',
  country: 'DE',
  region: 'DE-07',
  city: 'Köln',
  main_image: { filename: 'p7-0.webp', thumb_filename: 'p7-0-t.webp', status: 'active' },
  is_fictional: true,
  distance_km: 12,
};

describe('ProfileCard', () => {
  it('writes the distance and the ★ label each as one text, with no `<!-- -->` seam in the HTML', () => {
    const html = renderToString(
      <MemoryRouter>
        <ProfileCard profile={card} t={t} settings={settings} />
      </MemoryRouter>,
    );
    expect(html).not.toContain('<!-- -->');
    expect(html).toContain('<p class="profile-card__place">Köln<span> · 12 km away</span></p>');
    expect(html).toContain('title="Run by our team."><span aria-hidden="true">★</span> fictional profile</span>');
  });
});
