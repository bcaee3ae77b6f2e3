import sharp, { type Metadata } from 'sharp';
import { AppError } from '../errors.ts';
import { newKey, type Storage } from './storage.ts';

/**
 * The one way an uploaded picture is accepted: checked by its content (never its name or declared type), decoded
 * within limits, turned upright, cropped to its preset and re-encoded as a JPEG that keeps none of the original's
 * metadata (EXIF and its GPS position, XMP, ICC profile) nor any byte of the original file.
 */

/** Largest file accepted: the multipart limit (413 PAYLOAD_TOO_LARGE before this module sees it). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Largest decoded image: a 5 MB PNG of one colour can claim gigapixels and take gigabytes to decode. 50 megapixels
 *  holds an 8000×6000 photo (a 48 MP phone camera), in about 150 MB while it is decoded. */
export const IMAGE_MAX_PIXELS = 50_000_000;

export interface ImagePreset {
  /** Output size in pixels: the picture is scaled to cover it, then its centre cropped. */
  width: number;
  height: number;
}

/** The sizes pictures are stored at. Session covers are 1200×630 (a link preview's size); the profile presets are
 *  for the community's profile pages; banners are 2:1 on phones and 4:1 across a wide hall. */
export const IMAGE_PRESETS = {
  sessionCover: { width: 1200, height: 630 },
  profilePicture: { width: 512, height: 512 },
  profileCover: { width: 1500, height: 500 },
  bannerSmall: { width: 800, height: 400 },
  bannerLarge: { width: 1600, height: 400 },
} as const satisfies Record<string, ImagePreset>;

export type ImagePresetName = keyof typeof IMAGE_PRESETS;

export const invalidImage = () =>
  new AppError(400, 'INVALID_IMAGE', 'The file is not a JPEG, PNG or WebP image.', { fields: { file: 'invalid' } });

export const imageTooLarge = () =>
  new AppError(413, 'IMAGE_TOO_LARGE', `The image has more than ${IMAGE_MAX_PIXELS / 1_000_000} megapixels.`, {
    fields: { file: 'invalid' },
    details: { limit: IMAGE_MAX_PIXELS / 1_000_000, maxPixels: IMAGE_MAX_PIXELS },
  });

const fileTooLarge = () =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', `The file is larger than ${IMAGE_MAX_BYTES} bytes.`, {
    details: { maxBytes: IMAGE_MAX_BYTES },
  });

export type ImageFormat = 'jpeg' | 'png' | 'webp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The format the file's first bytes announce, or null: a text, SVG or HTML file starts with none of them. */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

/** Markup no camera or editor writes into a picture: a file that is a valid image *and* an HTML page, a script or an
 *  SVG document (a polyglot: its markup in a comment, a metadata segment or after the image's end) was made to be
 *  one. Only patterns long enough not to occur by chance in compressed pixels: the shortest (`<html` or `<body`
 *  then a space, `/` or `>`) about once in 200,000 files of 5 MB of random bytes. XMP metadata (`<x:xmpmeta`,
 *  `<rdf:RDF`) matches none of them. */
const MARKUP =
  /<(?:script|html|body|iframe|object|embed)[\s/>]|<svg\b[^>]{0,200}xmlns|<!doctype[\s/>]|<\?php|javascript:|\bon(?:error|load)\s*=/i;

export function containsMarkup(bytes: Buffer): boolean {
  return MARKUP.test(bytes.toString('latin1'));
}

/** Refuses what is not a JPEG, PNG or WebP image by content (400 INVALID_IMAGE), what is too large (413), and
 *  answers the format with its size. Reads the header only: nothing is decoded yet. */
export async function checkImage(bytes: Buffer): Promise<{ format: ImageFormat; width: number; height: number }> {
  if (bytes.length > IMAGE_MAX_BYTES) throw fileTooLarge();
  const format = sniffImageFormat(bytes);
  if (!format || containsMarkup(bytes)) throw invalidImage();
  let meta: Metadata;
  try {
    // No pixel limit on the header itself: the limit is checked below, with its own error.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw invalidImage();
  }
  const { width, height } = meta;
  if (meta.format !== format || !width || !height) throw invalidImage();
  if (width * height > IMAGE_MAX_PIXELS) throw imageTooLarge();
  return { format, width, height };
}

export interface ProcessedImage {
  bytes: Buffer;
  contentType: 'image/jpeg';
  extension: 'jpg';
  width: number;
  height: number;
}

/** Checks the upload, then re-encodes it to the preset's size: upright (EXIF orientation applied), transparency
 *  over white, JPEG at quality 80, no metadata (sharp keeps none unless asked). */
export async function processImage(bytes: Buffer, preset: ImagePreset): Promise<ProcessedImage> {
  await checkImage(bytes);
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize(preset.width, preset.height, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: 'image/jpeg', extension: 'jpg', width: info.width, height: info.height };
  } catch {
    // A truncated or corrupt file passes the header check and fails to decode.
    throw invalidImage();
  }
}

/** Processes an uploaded picture and stores it under a fresh key in `folder` (named after its owner); answers the
 *  key, which is what the owner's row keeps. */
export async function storeImage(
  storage: Storage,
  bytes: Buffer,
  preset: ImagePreset,
  place: { folder: string; owner: string },
): Promise<string> {
  const image = await processImage(bytes, preset);
  const key = newKey(place.folder, place.owner, image.extension);
  await storage.put(key, image.bytes, image.contentType);
  return key;
}
