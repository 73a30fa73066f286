/**
 * Uploaded images are decoded and encoded again (sharp): metadata (EXIF, GPS, comments) is dropped and a file
 * that is also something else (a polyglot) comes out as a plain image. A thumbnail and a big image are derived.
 */
import sharp, { type Sharp } from 'sharp';
import fs from 'node:fs/promises';
import { decodeBmp } from './bmp';
import type { ImageFormat } from './formats';

export const THUMBNAIL_SIZE = 200;
export const BIG_IMAGE_SIZE = 1600;
/** Refuses decompression bombs: no image above this many pixels is decoded. */
const MAX_INPUT_PIXELS = 100_000_000;

export interface EncodedImage {
  data: Buffer;
  /** Extension and MIME type of `data`. */
  extension: string;
  mime: string;
}

export interface CleanImage {
  original: EncodedImage;
  /** The original's pixels (after the EXIF rotation). */
  width: number;
  height: number;
  thumbnail: EncodedImage;
  big: EncodedImage;
}

const JPEG = { extension: 'jpg', mime: 'image/jpeg' };
const PNG = { extension: 'png', mime: 'image/png' };
const GIF = { extension: 'gif', mime: 'image/gif' };
const SVG = { extension: 'svg', mime: 'image/svg+xml' };

function encode(image: Sharp, as: 'jpeg' | 'png' | 'gif'): Promise<Buffer> {
  if (as === 'jpeg') return image.jpeg({ quality: 88, mozjpeg: true }).toBuffer();
  if (as === 'gif') return image.gif().toBuffer();
  return image.png().toBuffer();
}

/** A resized copy that fits inside `size`×`size` (never enlarged), in JPEG for photos and PNG otherwise. */
async function derive(input: Buffer, size: number, as: 'jpeg' | 'png'): Promise<EncodedImage> {
  const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).resize(size, size, { fit: 'inside', withoutEnlargement: true });
  return { data: await encode(image, as), ...(as === 'jpeg' ? JPEG : PNG) };
}

/**
 * The cleaned image and its derived copies; throws when the bytes do not decode as an image. `source` is a
 * path or the bytes (an already sanitised SVG).
 */
export async function cleanImage(source: string | Buffer, format: ImageFormat): Promise<CleanImage> {
  if (format === 'svg') {
    // The sanitised SVG is kept as the original (vector); thumbnail and big image are rasterised from it.
    const svg = source as Buffer;
    const raster = await sharp(svg, { limitInputPixels: MAX_INPUT_PIXELS }).png().toBuffer();
    const size = await sharp(raster).metadata();
    return { original: { data: svg, ...SVG }, width: size.width ?? 0, height: size.height ?? 0, thumbnail: await derive(raster, THUMBNAIL_SIZE, 'png'), big: await derive(raster, BIG_IMAGE_SIZE, 'png') };
  }
  if (format === 'bmp') {
    const raw = decodeBmp(Buffer.isBuffer(source) ? source : await fs.readFile(source));
    const original = await sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } }).png().toBuffer();
    return { original: { data: original, ...PNG }, width: raw.width, height: raw.height, thumbnail: await derive(original, THUMBNAIL_SIZE, 'png'), big: await derive(original, BIG_IMAGE_SIZE, 'png') };
  }
  const animated = format === 'gif';
  // rotate(): applies the EXIF orientation to the pixels before the metadata is dropped.
  const original = await encode(sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, animated, failOn: 'error' }).rotate(), format);
  const derivedAs = format === 'jpeg' ? 'jpeg' : 'png';
  const size = await sharp(original, { animated }).metadata();
  return {
    original: { data: original, ...(format === 'jpeg' ? JPEG : format === 'gif' ? GIF : PNG) },
    width: size.width ?? 0,
    // An animated GIF's metadata height is all its frames: one frame's is pageHeight.
    height: size.pageHeight ?? size.height ?? 0,
    thumbnail: await derive(original, THUMBNAIL_SIZE, derivedAs),
    big: await derive(original, BIG_IMAGE_SIZE, derivedAs),
  };
}
