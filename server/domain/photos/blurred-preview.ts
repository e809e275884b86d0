import sharp from 'sharp';

/** Small enough that no detail survives; the browser scales it up, which blurs it further. */
const PREVIEW_SIDE = 48;

/**
 * The stand-in a recipient sees before tapping a photo message. It is made on the server,
 * so the full photo never reaches a browser that has not asked to see it (a CSS blur would
 * only hide it from the eye, not from the page).
 */
export async function blurredPreview(image: Buffer): Promise<Buffer> {
  return sharp(image).resize(PREVIEW_SIDE, PREVIEW_SIDE, { fit: 'inside' }).blur(3).webp({ quality: 60 }).toBuffer();
}
