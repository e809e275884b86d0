/**
 * Test-only: builds the images the photo tests upload, in code, so that no binary fixture is
 * committed and each test shows what makes its file special.
 */
import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';

type Colour = string;

function canvas(width: number, height: number, background: Colour = '#c0392b'): Sharp {
  return sharp({ create: { width, height, channels: 3, background } });
}

export function makeJpeg(width: number, height: number): Promise<Buffer> {
  return canvas(width, height).jpeg().toBuffer();
}

export function makePng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

export function makeWebp(width: number, height: number): Promise<Buffer> {
  return canvas(width, height).webp().toBuffer();
}

export function makeGif(width: number, height: number): Promise<Buffer> {
  return canvas(width, height).gif().toBuffer();
}

export function makeTiff(width: number, height: number): Promise<Buffer> {
  return canvas(width, height).tiff().toBuffer();
}

export function makeAvif(width: number, height: number): Promise<Buffer> {
  return canvas(width, height).avif({ effort: 0 }).toBuffer();
}

export const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">' +
    '<rect width="800" height="800" fill="red"/><script>alert(document.cookie)</script></svg>',
);

/** A BMP file header and info header; enough for anything that sniffs the format. */
export const BMP_HEADER = Buffer.concat([Buffer.from('BM'), Buffer.alloc(52)]);

/** Strings planted in metadata, to look for in the output. */
export const PLANTED = { camera: 'AcmeCam-9000', owner: 'Jane Doe, 12 Secret Lane', datum: 'WGS-84-planted' };

/**
 * 600×400 as stored, with a blue square in the stored top-left corner, EXIF orientation 6
 * ("rotate 90° clockwise to view") and a GPS position. Viewed upright it is 400×600 with the
 * square in the top-right corner.
 */
export function makeOrientedJpegWithGps(): Promise<Buffer> {
  return canvas(600, 400)
    .composite([{ input: { create: { width: 100, height: 100, channels: 3, background: '#0000ff' } }, left: 0, top: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: PLANTED.camera, Copyright: PLANTED.owner },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2406/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 792/100', GPSMapDatum: PLANTED.datum },
    })
    .toBuffer();
}

export function makeJpegWithXmp(xmp: string): Promise<Buffer> {
  return canvas(400, 400).jpeg().withXmp(xmp).toBuffer();
}

/** Encoded in Display P3 with the profile embedded, so the output must be converted to sRGB. */
export function makeDisplayP3Jpeg(): Promise<Buffer> {
  return canvas(400, 400, '#ff0000').withIccProfile('p3').jpeg({ quality: 100 }).toBuffer();
}

/** Two frames: red, then blue. */
export async function makeAnimatedWebp(width: number, height: number): Promise<Buffer> {
  const frames = await Promise.all(['#ff0000', '#0000ff'].map((colour) => canvas(width, height, colour).png().toBuffer()));
  return sharp(frames, { join: { animated: true } })
    .webp({ loop: 0, delay: [100, 100] })
    .toBuffer();
}

function pngChunk(type: string, body: Buffer): Buffer {
  const typeAndBody = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndBody));
  return Buffer.concat([length, typeAndBody, crc]);
}

/**
 * A genuine decompression bomb: a 1-bit black PNG of `side`×`side` whose rows deflate to almost
 * nothing (20000² is ~50 KB on disk, 1.6 GB as RGBA). Written by hand because having sharp
 * encode 400 megapixels takes ten seconds.
 */
export function makePngBomb(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale; compression, filter and interlace stay 0
  const rowBytes = 1 + Math.ceil(side / 8); // filter byte + packed pixels
  const pixels = deflateSync(Buffer.alloc(side * rowBytes), { level: 9 });
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', pixels), pngChunk('IEND', Buffer.alloc(0))]);
}

/** Reads one pixel of an encoded image as [r, g, b]. */
export async function readPixel(image: Buffer, left: number, top: number): Promise<number[]> {
  const pixel = await sharp(image).extract({ left, top, width: 1, height: 1 }).removeAlpha().raw().toBuffer();
  return [...pixel];
}

function translucent(): Sharp {
  return sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 200, g: 100, b: 50, alpha: 0.5 } } });
}

/** Valid but less common encodings, each with its declared type, that must still be accepted. */
export const UNUSUAL_ENCODINGS: Record<string, { type: string; make: () => Promise<Buffer> }> = {
  'a greyscale PNG with alpha': { type: 'image/png', make: () => translucent().toColourspace('b-w').png().toBuffer() },
  'a 16-bit PNG': { type: 'image/png', make: () => translucent().toColourspace('rgb16').png().toBuffer() },
  'a palette PNG': { type: 'image/png', make: () => translucent().png({ palette: true }).toBuffer() },
  'an interlaced PNG': { type: 'image/png', make: () => translucent().png({ progressive: true }).toBuffer() },
  'a CMYK JPEG': { type: 'image/jpeg', make: () => translucent().removeAlpha().toColourspace('cmyk').jpeg().toBuffer() },
  'a progressive JPEG': { type: 'image/jpeg', make: () => translucent().jpeg({ progressive: true }).toBuffer() },
  'a lossless WebP': { type: 'image/webp', make: () => translucent().webp({ lossless: true }).toBuffer() },
};
