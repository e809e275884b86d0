/** What the demo members look like: DiceBear faces, rendered to WebP photos and thumbnails. */
import { avataaars, personas } from '@dicebear/collection';
import { createAvatar } from '@dicebear/core';
import sharp from 'sharp';
import type { DemoMember, DemoPhoto, Gender, HairColour } from './demo-people';
import type { Random } from './seeded-random';
import type { TaskQueue } from './task-queue';

const BACKGROUNDS = ['b6e3f4', 'c0aede', 'd1d4f9', 'ffd5dc', 'ffdfbf'];
const PHOTO_SIZE = 600;
const THUMB_SIZE = 160;
/** Distinct images per gender; after that, new members reuse earlier members' faces. */
const IMAGES_PER_GENDER = 400;

const PERSONAS = {
  hair: {
    female: ['long', 'bobCut', 'curly', 'pigtails', 'curlyBun', 'bobBangs', 'straightBun', 'extraLong', 'bunUndercut'],
    male: ['shortCombover', 'curlyHighTop', 'buzzcut', 'balding', 'fade', 'shortComboverChops', 'cap', 'beanie'],
  },
  facialHair: ['beardMustache', 'goatee', 'shadow', 'soulPatch', 'pyramid', 'walrus'],
  mouth: { female: ['smile', 'bigSmile', 'smirk', 'lips'], male: ['smile', 'bigSmile', 'smirk'] },
  skinColor: ['eeb4a4', 'e7a391', 'e5a07e', 'd78774', 'b16a5b', '92594b', '623d36'],
  hairColor: { blond: ['f29c65'], brown: ['6c4545'], black: ['362c47'], red: ['e15c66', 'f27d65'], grey: ['dee1f5'], bald: ['6c4545'], other: ['e16381'] },
} as const;
const AVATAAARS = {
  top: {
    female: ['bob', 'bun', 'curly', 'curvy', 'longButNotTooLong', 'miaWallace', 'straight01', 'straight02', 'straightAndStrand', 'bigHair', 'froBand'],
    male: ['shortCurly', 'shortFlat', 'shortRound', 'shortWaved', 'sides', 'theCaesar', 'theCaesarAndSidePart', 'shavedSides', 'dreads01', 'frizzle'],
  },
  facialHair: ['beardLight', 'beardMedium', 'beardMajestic', 'moustacheFancy'],
  skinColor: ['614335', 'd08b5b', 'ae5d29', 'edb98a', 'ffdbb4'],
  hairColor: {
    blond: ['d6b370', 'ecdcbf'],
    brown: ['724133', '4a312c', 'b58143'],
    black: ['2c1b18'],
    red: ['c93305', 'a55728'],
    grey: ['e8e1e1'],
    bald: ['4a312c'],
    other: ['f59797'],
  },
} as const;

/** One face: photo `variant` of it as SVG; the variants differ in expression, clothes and backdrop. */
type Face = (variant: number, size: number) => string;

interface PooledFace {
  /** The member the face was made for; its files carry this number. */
  ownerNo: number;
  render: Face;
  /** Variants 0..rendered-1 are on disk (or queued). */
  rendered: number;
}

export function createAvatarPool(deps: {
  random: Random;
  /** Stores a rendered photo under its file name (in the media store's `photos/`). */
  write: (filename: string, data: Buffer) => Promise<void>;
  seed: number;
  renders: TaskQueue;
}) {
  const { random } = deps;
  const newPool = () => ({ images: 0, withAtLeast: [[], [], [], [], []] as PooledFace[][] });
  const pools = { female: newPool(), male: newPool() };
  const fileOf = (face: PooledFace, variant: number): DemoPhoto => ({
    filename: `demo-${face.ownerNo}-${variant}.webp`,
    thumbFilename: `demo-${face.ownerNo}-${variant}-thumb.webp`,
  });

  return {
    /** The member's photos: a face of their own while the gender's image budget lasts, then a reused one. */
    assign(member: DemoMember, photoCount: number): DemoPhoto[] {
      const { gender, hairColour } = member.profile;
      const pool = pools[gender];
      let face: PooledFace;
      if (pool.images + photoCount <= IMAGES_PER_GENDER) {
        face = { ownerNo: member.no, render: createFace(random, gender, hairColour, `${deps.seed}-${member.no}`), rendered: 0 };
      } else {
        // Reuse a face that already has enough photos; only while none has, render one more variant.
        const candidates = pool.withAtLeast[photoCount];
        face = random.pick(candidates.length > 0 ? candidates : pool.withAtLeast[1]);
      }
      for (let variant = face.rendered; variant < photoCount; variant++) {
        const photo = fileOf(face, variant);
        const render = face.render;
        deps.renders.push(() =>
          Promise.all([
            renderWebp(render(variant, PHOTO_SIZE)).then((data) => deps.write(photo.filename, data)),
            renderWebp(render(variant, THUMB_SIZE)).then((data) => deps.write(photo.thumbFilename, data)),
          ]),
        );
        pool.images++;
        pool.withAtLeast[variant + 1].push(face);
      }
      face.rendered = Math.max(face.rendered, photoCount);
      return Array.from({ length: photoCount }, (_, variant) => fileOf(face, variant));
    },
  };
}

/** The person's fixed traits are drawn now (from the profile where it says something); variants only restyle. */
function createFace(random: Random, gender: Gender, hairColour: HairColour, seed: string): Face {
  const backgroundColor = BACKGROUNDS;
  const bald = hairColour === 'bald';
  const beard = gender === 'male' && random.chance(0.4);
  if (random.chance(0.5)) {
    const look = {
      hair: [bald ? 'bald' : random.pick(PERSONAS.hair[gender])],
      hairColor: [random.pick(PERSONAS.hairColor[hairColour])],
      facialHair: [random.pick(PERSONAS.facialHair)],
      facialHairProbability: beard ? 100 : 0,
      skinColor: [random.pick(PERSONAS.skinColor)],
      mouth: [...PERSONAS.mouth[gender]],
      eyes: ['open', 'happy', 'wink', 'glasses'],
    } satisfies personas.Options;
    return (variant, size) => createAvatar(personas, { ...look, seed: `${seed}-${variant}`, size, backgroundColor }).toString();
  }
  const look = {
    top: [random.pick(AVATAAARS.top[gender])],
    topProbability: bald ? 0 : 100,
    hairColor: [random.pick(AVATAAARS.hairColor[hairColour])],
    facialHair: [random.pick(AVATAAARS.facialHair)],
    facialHairProbability: beard ? 100 : 0,
    skinColor: [random.pick(AVATAAARS.skinColor)],
    mouth: ['smile', 'default', 'twinkle'],
    eyes: ['default', 'happy', 'wink', 'squint'],
    eyebrows: ['default', 'defaultNatural', 'raisedExcited', 'raisedExcitedNatural'],
    accessories: ['prescription01', 'prescription02', 'round', 'wayfarers'],
    accessoriesProbability: random.chance(0.2) ? 100 : 0,
  } satisfies avataaars.Options;
  return (variant, size) => createAvatar(avataaars, { ...look, seed: `${seed}-${variant}`, size, backgroundColor }).toString();
}

/** Rasterising the SVG at the target size is cheaper and sharper than scaling a large image down. */
function renderWebp(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: 82, effort: 2 }).toBuffer();
}
