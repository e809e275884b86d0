import type { ProfileCard } from '../../../../contract/profiles';

export type Tagline = 'one' | 'two' | 'three';
/** How a face enters: a growing circle, a wipe, a zoom out of blur, a slide. */
export type FaceEntrance = 'iris' | 'wipe' | 'zoom' | 'slide';

export type Scene =
  { kind: 'tagline'; tagline: Tagline } | { kind: 'face'; card: ProfileCard; entrance: FaceEntrance } | { kind: 'finale'; cards: ProfileCard[] };

const ENTRANCES: FaceEntrance[] = ['iris', 'wipe', 'zoom', 'slide'];
const TAGLINES: Tagline[] = ['one', 'two', 'three'];
/** Faces after each tagline. */
const FACES_PER_TAGLINE = 2;

/** How long each kind of scene stays before the next one enters. */
export const SCENE_MS: Record<Scene['kind'], number> = { tagline: 2400, face: 2800, finale: 6000 };

/**
 * The reel: each tagline followed by two faces, each face entering its own way, and a finale
 * with a few of them and the way in. Without faces it is the taglines and the finale alone.
 */
export function buildScenes(cards: ProfileCard[]): Scene[] {
  const faces = cards.filter((card) => card.main_image);
  const scenes: Scene[] = [];
  TAGLINES.forEach((tagline, taglineIndex) => {
    scenes.push({ kind: 'tagline', tagline });
    faces.slice(taglineIndex * FACES_PER_TAGLINE, (taglineIndex + 1) * FACES_PER_TAGLINE).forEach((card, faceIndex) => {
      scenes.push({ kind: 'face', card, entrance: ENTRANCES[(taglineIndex * FACES_PER_TAGLINE + faceIndex) % ENTRANCES.length] });
    });
  });
  scenes.push({ kind: 'finale', cards: faces.slice(0, 4) });
  return scenes;
}
