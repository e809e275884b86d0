/**
 * Formats recognised from their leading bytes. Only `jpeg`, `png` and `webp` are ever handed to
 * the decoder; the others are named so the member hears "unsupported type" rather than "not an
 * image". The names match sharp's `metadata().format` so the two judgements can be compared.
 */
export type SniffedFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'svg' | 'heif' | 'bmp' | 'tiff' | 'jxl' | 'jp2';

/** ISO-BMFF brands of HEIC and AVIF stills and sequences; other `ftyp` files are videos. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

/** SVG is text: look for the root element near the start, after any XML prolog or comment. */
const SVG_HEAD_BYTES = 1024;

function startsWith(data: Buffer, bytes: readonly number[], offset = 0): boolean {
  if (data.length < offset + bytes.length) return false;
  return bytes.every((byte, i) => data[offset + i] === byte);
}

function ascii(data: Buffer, start: number, end: number): string {
  return data.subarray(start, end).toString('latin1');
}

/**
 * Names the image format from the leading bytes, or null when they match none we know.
 *
 * This runs before sharp so that only the JPEG, PNG and WebP decoders ever see untrusted bytes:
 * libvips picks its loader from the content, and the SVG, TIFF and HEIF loaders are far larger
 * attack surfaces than the answer ("unsupported") is worth.
 */
export function sniffImageFormat(data: Buffer): SniffedFormat | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WEBP') return 'webp';
  if (ascii(data, 0, 6) === 'GIF87a' || ascii(data, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(data, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(data, 8, 12))) return 'heif';
  if (ascii(data, 0, 2) === 'BM' && data.length >= 26) return 'bmp';
  if (startsWith(data, [0x49, 0x49, 0x2a, 0x00]) || startsWith(data, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(data, [0xff, 0x0a]) || startsWith(data, [0, 0, 0, 0x0c, 0x4a, 0x58, 0x4c, 0x20])) return 'jxl';
  if (startsWith(data, [0, 0, 0, 0x0c, 0x6a, 0x50, 0x20, 0x20]) || startsWith(data, [0xff, 0x4f, 0xff, 0x51])) return 'jp2';
  if (/<svg[\s>]/i.test(ascii(data, 0, SVG_HEAD_BYTES))) return 'svg';
  return null;
}
