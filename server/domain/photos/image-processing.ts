import sharp, { type Metadata, type OutputInfo, type Sharp, type SharpOptions } from 'sharp';
import type { ErrorCode } from '../../../contract/errors';
import { sniffImageFormat, type SniffedFormat } from './image-signature';

/** What gets stored for every accepted upload: two WebP renditions, re-encoded from pixels. */
export interface ProcessedImage {
  /** At most 1280×1280, never enlarged. */
  large: Buffer;
  /** Exactly 320×320, cropped to the most interesting part. */
  thumb: Buffer;
  /** Of `large`, after EXIF orientation was applied. */
  width: number;
  height: number;
}

/** Every problem is also a contract `ErrorCode`, so a caller can rethrow `new AppError(problem)`. */
type ContractCode<T extends ErrorCode> = T;
export type ImageProblem = ContractCode<'photo_not_an_image' | 'photo_too_large' | 'photo_unsupported_type' | 'photo_too_small'>;

/** Thrown by `processUpload` when the upload cannot become a photo; `problem` says why. */
export class ImageRejected extends Error {
  constructor(
    readonly problem: ImageProblem,
    options?: { cause?: unknown },
  ) {
    super(problem, options);
    this.name = 'ImageRejected';
  }
}

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/**
 * Checked in the header before any pixel is decoded, so a tiny file claiming huge dimensions
 * (a decompression bomb) costs nothing. 50 MP still admits the full-resolution shots of 48 and
 * 50 MP phone cameras that fit in 10 MB.
 */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Smaller than this on the shorter side looks broken on a profile card. */
export const MIN_SIDE = 200;
export const LARGE_SIDE = 1280;
export const THUMB_SIDE = 320;
const WEBP_QUALITY = 80;
/** A pathological file within the pixel limit (e.g. a JPEG with thousands of scans) stops here. */
const DECODE_TIMEOUT_SECONDS = 10;

type AcceptedFormat = Extract<SniffedFormat, 'jpeg' | 'png' | 'webp'>;

/** A Map, not an object literal, so that `constructor` or `__proto__` never look declared. */
const ACCEPTED_TYPES: ReadonlyMap<string, AcceptedFormat> = new Map([
  ['image/jpeg', 'jpeg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
]);

/**
 * - `failOn: 'error'` refuses corrupt and truncated data; sharp's default `'warning'` would also
 *   refuse many real phone JPEGs over harmless warnings such as extraneous bytes before a marker.
 * - `pages: 1` reads the first frame of an animation only; frames beyond it are never decoded.
 * - `sequentialRead` (sharp's default, stated for the reader) streams rows through the pipeline
 *   instead of holding the whole decoded image; sharp buffers by itself where rotation needs it.
 */
const INPUT_OPTIONS = {
  limitInputPixels: MAX_INPUT_PIXELS,
  failOn: 'error',
  pages: 1,
  page: 0,
  sequentialRead: true,
} as const satisfies SharpOptions;

/**
 * Turns an uploaded profile or chat photo into clean WebP renditions, or throws `ImageRejected`.
 *
 * The type is judged by the bytes, and the declared content type must agree. Accepted files are
 * decoded and re-encoded, never passed through: that drops EXIF, GPS, XMP, ICC profiles (after
 * converting to sRGB) and anything smuggled around the image data, such as a ZIP or a script
 * appended to a valid JPEG.
 */
export async function processUpload(data: Buffer, declaredType: string): Promise<ProcessedImage> {
  if (data.length > MAX_UPLOAD_BYTES) throw new ImageRejected('photo_too_large');
  const format = detectAcceptedFormat(data, declaredType);
  await checkHeader(data, format);
  const pixels = await decodeToPixels(data);
  const [large, thumb] = await Promise.all([encodeLarge(pixels), encodeThumb(pixels)]);
  return { large, thumb, width: pixels.info.width, height: pixels.info.height };
}

function detectAcceptedFormat(data: Buffer, declaredType: string): AcceptedFormat {
  const declared = ACCEPTED_TYPES.get(normaliseContentType(declaredType));
  if (!declared) throw new ImageRejected('photo_unsupported_type');
  const sniffed = sniffImageFormat(data);
  if (!sniffed) throw new ImageRejected('photo_not_an_image');
  if (sniffed !== declared) throw new ImageRejected('photo_unsupported_type');
  return sniffed;
}

/** `Image/JPEG; charset=binary` is still `image/jpeg`. */
function normaliseContentType(contentType: string): string {
  return contentType.split(';')[0].trim().toLowerCase();
}

/** Reads only the header: cheap refusals before any pixel is decoded. */
async function checkHeader(data: Buffer, expectedFormat: AcceptedFormat, minSide = MIN_SIDE): Promise<void> {
  let metadata: Metadata;
  try {
    metadata = await sharp(data, INPUT_OPTIONS).metadata();
  } catch (error) {
    throw toRejection(error);
  }
  // The sniffer and libvips should always agree; if they do not, trust neither.
  if (metadata.format !== expectedFormat) throw new ImageRejected('photo_not_an_image');
  // sharp enforces limitInputPixels too; this keeps the rule visible and independent of it.
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw new ImageRejected('photo_too_large');
  if (Math.min(metadata.width, metadata.height) < minSide) throw new ImageRejected('photo_too_small');
}

interface Pixels {
  data: Buffer;
  info: OutputInfo;
}

/**
 * The one decode of the upload: oriented per EXIF, converted to sRGB and shrunk to the large
 * size. Both renditions are encoded from these pixels, so the file is decoded only once.
 */
async function decodeToPixels(data: Buffer): Promise<Pixels> {
  try {
    return await sharp(data, INPUT_OPTIONS)
      .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
      .rotate()
      .resize(LARGE_SIDE, LARGE_SIDE, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw toRejection(error);
  }
}

function fromPixels({ data, info }: Pixels): Sharp {
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}

function encodeLarge(pixels: Pixels): Promise<Buffer> {
  return fromPixels(pixels).webp({ quality: WEBP_QUALITY }).toBuffer();
}

/** Always exactly the thumb size: a small upload is enlarged a little rather than letterboxed. */
function encodeThumb(pixels: Pixels): Promise<Buffer> {
  return fromPixels(pixels).resize(THUMB_SIDE, THUMB_SIDE, { fit: 'cover', position: sharp.strategy.attention }).webp({ quality: WEBP_QUALITY }).toBuffer();
}

/** Decoder failures become the member's problem; too many pixels or too much work means too large. */
function toRejection(error: unknown): ImageRejected {
  const message = error instanceof Error ? error.message : String(error);
  const tooCostly = /pixel limit|timeout/i.test(message);
  return new ImageRejected(tooCostly ? 'photo_too_large' : 'photo_not_an_image', { cause: error });
}

/** A site's logo (kept wide and transparent) or hero image (wide, no crop), as the theme shows them. */
const BRAND_IMAGE_SIZES = {
  logo: { width: 480, height: 160, minSide: 32 },
  hero: { width: 1920, height: 1080, minSide: MIN_SIDE },
} as const;

/**
 * Turns an operator's logo or hero upload into one WebP (ADR 0041), with the same checks and
 * re-encoding as members' photos: type judged by the bytes, header checked before decoding,
 * metadata dropped. Transparency is kept (logos sit on the coloured top bar).
 */
export async function processBrandImage(
  data: Buffer,
  declaredType: string,
  kind: keyof typeof BRAND_IMAGE_SIZES,
): Promise<{ webp: Buffer; width: number; height: number }> {
  if (data.length > MAX_UPLOAD_BYTES) throw new ImageRejected('photo_too_large');
  const size = BRAND_IMAGE_SIZES[kind];
  await checkHeader(data, detectAcceptedFormat(data, declaredType), size.minSide);
  try {
    return await sharp(data, INPUT_OPTIONS)
      .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
      .rotate()
      .resize(size.width, size.height, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: kind === 'logo' ? 90 : WEBP_QUALITY, alphaQuality: 100 })
      .toBuffer({ resolveWithObject: true })
      .then(({ data: webp, info }) => ({ webp, width: info.width, height: info.height }));
  } catch (error) {
    throw toRejection(error);
  }
}
