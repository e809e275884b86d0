/** The demo's partner cards (issue 18): a few offers with generated pictures, no network. */
import crypto from 'node:crypto';
import { personas } from '@dicebear/collection';
import { createAvatar } from '@dicebear/core';
import sharp from 'sharp';
import type { MediaStorage } from '../adapters/storage/storage.port';
import type { Database } from '../db/client';
import { partnerCards } from '../db/schema/index';

const CARD_SIDE = 320;

/** siteId null: every reselling site shows the card. The addresses are on `.example`, which never resolves. */
const DEMO_CARDS = [
  { key: 'mara', siteId: null, kind: 'cam', name: 'Mara', age: 27, city: 'Prague', url: 'https://live.camstage.example/mara', background: 'ffd5dc' },
  { key: 'jolie', siteId: null, kind: 'cam', name: 'Jolie', age: 31, city: 'Lyon', url: 'https://live.camstage.example/jolie', background: 'c0aede' },
  {
    key: 'sven',
    siteId: null,
    kind: 'resell',
    name: 'Sven',
    age: 35,
    city: 'Malmö',
    url: 'https://www.nordicmatch.example/profile/sven',
    background: 'b6e3f4',
  },
  {
    key: 'ines',
    siteId: null,
    kind: 'resell',
    name: 'Inês',
    age: 29,
    city: 'Porto',
    url: 'https://www.nordicmatch.example/profile/ines',
    background: 'ffdfbf',
  },
] as const;

/**
 * Stores each card's picture (a DiceBear face rendered to WebP, where the console's upload
 * would put it) and adds the cards for every reselling site.
 */
export async function seedDemoPartnerCards(db: Database, storage: MediaStorage, now: Date): Promise<void> {
  const rows = [];
  for (const [index, card] of DEMO_CARDS.entries()) {
    const svg = createAvatar(personas, { seed: `partner-${card.key}`, size: CARD_SIDE, backgroundColor: [card.background] }).toString();
    const imageKey = `partners/demo-${crypto.createHash('sha256').update(card.key).digest('hex').slice(0, 16)}.webp`;
    await storage.write(imageKey, await sharp(Buffer.from(svg)).webp({ quality: 82, effort: 2 }).toBuffer(), 'image/webp');
    rows.push({
      siteId: card.siteId,
      kind: card.kind,
      name: card.name,
      age: card.age,
      city: card.city,
      url: card.url,
      imageKey,
      active: true,
      sortOrder: index,
      createdAt: now,
    });
  }
  await db.insert(partnerCards).values(rows);
}
