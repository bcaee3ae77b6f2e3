import sharp, { type Color } from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { containsMarkup, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_PRESETS, processImage } from './images.ts';

const RED = { r: 255, g: 0, b: 0 };
const BLUE = { r: 0, g: 0, b: 255 };

const solid = (width: number, height: number, background: Color = RED) =>
  sharp({ create: { width, height, channels: 3, background } });

/** Stored 300×200, left half red and right half blue, with EXIF orientation 6 (shown turned a quarter clockwise:
 *  red on top) and a GPS position. */
async function phoneJpeg(): Promise<Buffer> {
  const left = await solid(150, 200, RED).png().toBuffer();
  return solid(300, 200, BLUE)
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg()
    .withExif({
      IFD0: { ImageDescription: 'holiday', Make: 'PhoneMaker' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSMapDatum: 'WGS-84' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A real JPEG with an HTML page in a comment segment (COM, 0xFFFE) right after its start: still a valid JPEG. */
async function htmlInJpeg(): Promise<Buffer> {
  const jpeg = await solid(40, 30).jpeg().toBuffer();
  const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(html.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, html, jpeg.subarray(2)]);
}

const pixel = async (image: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at], data[at + 1], data[at + 2]].map((v) => Math.round((v ?? 0) / 64) * 64);
};

/** The AppError a processing throws: status, code, field errors. */
async function refusal(bytes: Buffer) {
  try {
    await processImage(bytes, IMAGE_PRESETS.sessionCover);
  } catch (e) {
    if (e instanceof AppError) return { status: e.statusCode, code: e.code, fields: e.extra.fields };
    throw e;
  }
  throw new Error('accepted');
}

const INVALID = { status: 400, code: 'INVALID_IMAGE', fields: { file: 'invalid' } };

describe('image pipeline', () => {
  it('turns a phone JPEG upright and drops its EXIF, GPS position included', async () => {
    const input = await phoneJpeg();
    const before = await sharp(input).metadata();
    expect([before.orientation, before.exif?.includes('WGS-84'), before.exif?.includes('PhoneMaker')]).toEqual([
      6,
      true,
      true,
    ]);
    const out = await processImage(input, IMAGE_PRESETS.sessionCover);
    const meta = await sharp(out.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    expect([meta.exif, meta.orientation, meta.xmp, meta.icc]).toEqual([undefined, undefined, undefined, undefined]);
    expect(out.bytes.includes('WGS-84')).toBe(false);
    expect(out.bytes.includes('PhoneMaker')).toBe(false);
    // Upright: the red half, stored on the left, is on top.
    expect(await pixel(out.bytes, 600, 20)).toEqual([256, 0, 0]);
    expect(await pixel(out.bytes, 600, 610)).toEqual([0, 0, 256]);
  });

  it('accepts a PNG (transparency over white) and a WebP', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: { ...RED, alpha: 0 } } })
      .png()
      .toBuffer();
    const out = await processImage(png, IMAGE_PRESETS.profilePicture);
    expect(out).toMatchObject({ contentType: 'image/jpeg', extension: 'jpg', width: 512, height: 512 });
    expect(await pixel(out.bytes, 10, 10)).toEqual([256, 256, 256]);
    const webp = await solid(3000, 1000, BLUE).webp().toBuffer();
    const cover = await processImage(webp, IMAGE_PRESETS.profileCover);
    expect([cover.width, cover.height]).toEqual([1500, 500]);
  });

  it('has presets for session covers, profile pictures and covers, and both banner sizes', () => {
    expect(IMAGE_PRESETS).toEqual({
      sessionCover: { width: 1200, height: 630 },
      profilePicture: { width: 512, height: 512 },
      profileCover: { width: 1500, height: 500 },
      bannerSmall: { width: 800, height: 400 },
      bannerLarge: { width: 1600, height: 400 },
    });
  });

  it('refuses a text file named .jpg, an SVG and a GIF with 400 INVALID_IMAGE', async () => {
    expect(await refusal(Buffer.from('just some text, saved as cover.jpg'))).toEqual(INVALID);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    // sharp would decode it: the refusal is the pipeline's.
    expect((await sharp(svg).metadata()).format).toBe('svg');
    expect(await refusal(svg)).toEqual(INVALID);
    expect(await refusal(await solid(10, 10).gif().toBuffer())).toEqual(INVALID);
  });

  it('refuses HTML polyglots: a valid JPEG holding a page, and a page followed by a JPEG', async () => {
    const polyglot = await htmlInJpeg();
    expect((await sharp(polyglot).metadata()).format).toBe('jpeg');
    expect(await refusal(polyglot)).toEqual(INVALID);
    const pageFirst = Buffer.concat([Buffer.from('<!DOCTYPE html><p>hi</p>'), await solid(10, 10).jpeg().toBuffer()]);
    expect(await refusal(pageFirst)).toEqual(INVALID);
    const svgInPng = Buffer.concat([
      await solid(10, 10).png().toBuffer(),
      Buffer.from('<svg version="1.1" xmlns="http://www.w3.org/2000/svg"></svg>'),
    ]);
    expect(await refusal(svgInPng)).toEqual(INVALID);
  });

  it('refuses a truncated JPEG with 400 INVALID_IMAGE', async () => {
    const jpeg = await solid(400, 300).jpeg().toBuffer();
    expect(await refusal(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).toEqual(INVALID);
  });

  it('refuses an image over the pixel limit (413 IMAGE_TOO_LARGE) before decoding it', async () => {
    const side = Math.ceil(Math.sqrt(IMAGE_MAX_PIXELS)) + 1;
    const huge = await solid(side, side).png({ compressionLevel: 1 }).toBuffer();
    expect(huge.length).toBeLessThan(IMAGE_MAX_BYTES);
    expect(await refusal(huge)).toEqual({ status: 413, code: 'IMAGE_TOO_LARGE', fields: { file: 'invalid' } });
  });

  it('refuses a file over the byte limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const padded = Buffer.concat([await solid(10, 10).jpeg().toBuffer(), Buffer.alloc(IMAGE_MAX_BYTES)]);
    expect(await refusal(padded)).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('finds no markup in ordinary pictures and their metadata', async () => {
    const xmp = await solid(50, 50)
      .jpeg()
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
      )
      .toBuffer();
    expect(containsMarkup(xmp)).toBe(false);
    await expect(processImage(xmp, IMAGE_PRESETS.profilePicture)).resolves.toMatchObject({ width: 512 });
    const noisy = await sharp({
      create: {
        width: 1500,
        height: 1000,
        channels: 3,
        background: BLUE,
        noise: { type: 'gaussian', mean: 128, sigma: 80 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(containsMarkup(noisy)).toBe(false);
  });
});
