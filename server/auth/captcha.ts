/**
 * Captchas: a raster PNG (never drawing instructions a script could read) whose answer is kept only
 * as a digest, valid for 5 minutes and usable once (a wrong answer uses it up too).
 * Readable to people, not to OCR (docs/decisions/0006-sign-in-abuse-and-captcha.md): large glyphs from svg-captcha's
 * bundled font (no system font needed), each slightly turned, skewed and scaled, set touching their
 * neighbours on a wavy baseline, two curves through the letters' middle; sharp rasterises the drawing,
 * then the pixels are bent by gentle waves, speckled and blurred. server/auth/captchaOcr.test.ts checks that
 * tesseract reads fewer than 1 in 20; docs/decisions/0006-captcha-samples.png shows six.
 */
import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import svgCaptcha from 'svg-captcha';
import type { ServerConfig } from '../config';
import type { Database } from '../db/connection';
import { randomToken, sha256 } from './digest';

export const CAPTCHA_TTL_MINUTES = 5;
export const CAPTCHA_REQUEST_VALUE_SETTING = 'Captcha.RequestValue';
/**
 * Upper-case letters and digits that stay distinct in this font: no 0/O/Q, 1/I/J/L, 2/Z, 5/S, 8/B, 6/G,
 * nor M, N and H (their curved strokes read as 'IV', ')(' when touching a neighbour).
 */
export const CAPTCHA_ALPHABET = 'ACDEFKPRTUVWXY3479';
export const CAPTCHA_LENGTH = 5;
/** The image's size in pixels, shown at this size (src/auth/CaptchaField.tsx). */
export const CAPTCHA_WIDTH = 280;
export const CAPTCHA_HEIGHT = 90;
const WIDTH = CAPTCHA_WIDTH;
const HEIGHT = CAPTCHA_HEIGHT;

/** Answers are compared case-insensitively and without surrounding spaces. */
export function hashCaptchaAnswer(answer: string): string {
  return sha256(answer.trim().toLowerCase());
}

export interface IssuedCaptcha {
  captchaId: string;
  /** The image as a `data:image/png;base64,…` URL. */
  image: string;
}

/** A uniform random number in [min, max). */
const between = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);

export function randomCaptchaText(length = CAPTCHA_LENGTH): string {
  return Array.from({ length }, () => CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)]).join('');
}

interface Glyph {
  path: string;
  /** The outline's points, curves' control points included (a curve lies within its points' hull). */
  points: Array<[number, number]>;
  /** The outline's bounding box. */
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The part of opentype.js's Font used here: svg-captcha loads its bundled font into `options.font`. */
interface OutlineFont {
  charToGlyph(char: string): {
    getPath(x: number, y: number, fontSize: number): {
      commands: Array<{ x?: number; y?: number; x1?: number; y1?: number; x2?: number; y2?: number }>;
      toPathData(decimals: number): string;
      getBoundingBox(): { x1: number; y1: number; x2: number; y2: number };
    };
  };
}
const font = (svgCaptcha.options as unknown as { font: OutlineFont }).font;

/** The outline of one character with its exact bounding box. */
function glyph(char: string, fontSize: number): Glyph {
  const outline = font.charToGlyph(char).getPath(0, 0, fontSize);
  const box = outline.getBoundingBox();
  const points = outline.commands.flatMap(({ x, y, x1, y1, x2, y2 }) =>
    [
      [x, y],
      [x1, y1],
      [x2, y2],
    ].filter((point): point is [number, number] => point[0] !== undefined && point[1] !== undefined),
  );
  return { path: outline.toPathData(1), points, left: box.x1, right: box.x2, top: box.y1, bottom: box.y2 };
}

/** How far each letter may turn and lean, in degrees (they turned up to 35° and leant 15° before issue 21). */
export const CAPTCHA_MAX_ROTATION = 12;
export const CAPTCHA_MAX_SKEW = 8;
/** Blank pixels kept around the word, enough for the pixel waves of renderCaptcha. */
const MARGIN = 5;
const MAX_LETTER_WIDTH = 58;

/** One letter: its outline (centred on its bounding box), drawn scaled, leant, turned, then moved to (x, y). */
export interface PlacedLetter {
  glyph: Glyph;
  x: number;
  y: number;
  rotation: number;
  skew: number;
  scaleX: number;
  scaleY: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The outline's points of a letter once drawn, in image pixels: the letter lies within them. */
export function letterOutline({ glyph: shape, x, y, rotation, skew, scaleX, scaleY }: PlacedLetter): Array<[number, number]> {
  const centreX = (shape.left + shape.right) / 2;
  const centreY = (shape.top + shape.bottom) / 2;
  const cos = Math.cos(radians(rotation));
  const sin = Math.sin(radians(rotation));
  const lean = Math.tan(radians(skew));
  return shape.points.map(([pointX, pointY]) => {
    const scaledX = (pointX - centreX) * scaleX;
    const scaledY = (pointY - centreY) * scaleY;
    const leantX = scaledX + lean * scaledY;
    return [x + leantX * cos - scaledY * sin, y + leantX * sin + scaledY * cos];
  });
}

/**
 * Where each letter of `text` goes: large, slightly turned, leant and scaled, each touching or nearly
 * touching the next (OCR cannot cut the word into letters, a person still sees each one) on a wavy baseline;
 * then the whole word is scaled down if needed and centred so that every letter lies inside the image.
 */
export function captchaLayout(text: string): PlacedLetter[] {
  const baseline = { amp: 6, phase: between(0, 2 * Math.PI) };
  let x = 0;
  const letters = [...text].map((char, index): PlacedLetter => {
    // Every character as tall as the others (this font's digits are shorter than its capitals), none wider than
    // MAX_LETTER_WIDTH (its W is half as wide again as the rest).
    const reference = glyph(char, 100);
    const shape = glyph(char, (100 * between(52, 58)) / (reference.bottom - reference.top));
    const scaleX = Math.min(between(0.9, 1.06), MAX_LETTER_WIDTH / (shape.right - shape.left));
    const width = (shape.right - shape.left) * scaleX;
    if (index > 0) x += between(-1, 2);
    const letter = {
      glyph: shape,
      x: x + width / 2,
      y: baseline.amp * Math.sin(index * 1.3 + baseline.phase) + between(-2, 2),
      rotation: between(-CAPTCHA_MAX_ROTATION, CAPTCHA_MAX_ROTATION),
      skew: between(-CAPTCHA_MAX_SKEW, CAPTCHA_MAX_SKEW),
      scaleX,
      scaleY: between(0.9, 1.06),
    };
    x += width;
    return letter;
  });
  const corners = letters.flatMap(letterOutline);
  const [left, right] = [Math.min(...corners.map(([cx]) => cx)), Math.max(...corners.map(([cx]) => cx))];
  const [top, bottom] = [Math.min(...corners.map(([, cy]) => cy)), Math.max(...corners.map(([, cy]) => cy))];
  const fit = Math.min(1, (WIDTH - 2 * MARGIN) / (right - left), (HEIGHT - 2 * MARGIN) / (bottom - top));
  return letters.map((letter) => ({
    ...letter,
    x: WIDTH / 2 + (letter.x - (left + right) / 2) * fit,
    y: HEIGHT / 2 + (letter.y - (top + bottom) / 2) * fit,
    scaleX: letter.scaleX * fit,
    scaleY: letter.scaleY * fit,
  }));
}

function drawing(text: string): string {
  const parts = captchaLayout(text).map(({ glyph: shape, x, y, rotation, skew, scaleX, scaleY }) => {
    const grey = Math.round(between(0x10, 0x40));
    const colour = `rgb(${grey},${grey},${grey})`;
    const transform = [
      `translate(${x.toFixed(1)} ${y.toFixed(1)})`,
      `rotate(${rotation.toFixed(1)})`,
      `skewX(${skew.toFixed(1)})`,
      `scale(${scaleX.toFixed(3)} ${scaleY.toFixed(3)})`,
      `translate(${(-(shape.left + shape.right) / 2).toFixed(1)} ${(-(shape.top + shape.bottom) / 2).toFixed(1)})`,
    ].join(' ');
    return `<g transform="${transform}"><path fill="${colour}" stroke="${colour}" stroke-width="1.5" d="${shape.path}"/></g>`;
  });
  // Two curves through the letters, one falling and one rising, so that they cut every letter somewhere
  // (curves above, below or along the letters hardly slow OCR down).
  const at = (offset: number) => (HEIGHT / 2 + offset + between(-5, 5)).toFixed(1);
  for (const slope of [-1, 1]) {
    parts.push(
      `<path d="M0 ${at(-16 * slope)} C${Math.round(WIDTH / 3)} ${at(-6 * slope)},${Math.round((WIDTH * 2) / 3)} ${at(6 * slope)},${WIDTH} ${at(16 * slope)}"` +
        ` stroke="#333" stroke-width="2" fill="none"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="100%" height="100%" fill="#fff"/>${parts.join('')}</svg>`;
}

/** Rasterises `text` as a gently warped, speckled greyscale PNG. */
export async function renderCaptcha(text: string): Promise<Buffer> {
  const { data, info } = await sharp(Buffer.from(drawing(text)))
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const channels = info.channels;
  const pixels = Buffer.alloc(WIDTH * HEIGHT, 255);
  // Two long, shallow waves bend rows and columns: no stroke stays quite straight, no letter loses its shape.
  const wave = { amp: between(1.5, 2.5), period: between(140, 200), phase: between(0, 2 * Math.PI) };
  const shear = { amp: between(1, 2), period: between(70, 100), phase: between(0, 2 * Math.PI) };
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      const sourceX = Math.round(x + shear.amp * Math.sin((y / shear.period) * 2 * Math.PI + shear.phase));
      const sourceY = Math.round(y + wave.amp * Math.sin((x / wave.period) * 2 * Math.PI + wave.phase));
      const inside = sourceX >= 0 && sourceX < WIDTH && sourceY >= 0 && sourceY < HEIGHT;
      pixels[y * WIDTH + x] = inside ? data[(sourceY * WIDTH + sourceX) * channels]! : 255;
    }
  }
  for (let speck = 0; speck < WIDTH * HEIGHT * 0.03; speck += 1) {
    pixels[randomInt(0, WIDTH * HEIGHT)] = randomInt(0, 2) === 0 ? randomInt(0, 90) : 255;
  }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 1 } }).blur(0.5).png().toBuffer();
}

/** Issues a captcha; `text` is chosen at random unless given (tests). */
export async function createCaptcha(database: Database, text = randomCaptchaText()): Promise<IssuedCaptcha> {
  const png = await renderCaptcha(text);
  const captchaId = randomToken(24);
  await database.query(`delete from captchas where expires_at < now() - interval '1 hour'`);
  await database.query(
    `insert into captchas (id, answer_hash, expires_at) values ($1, $2, now() + interval '${CAPTCHA_TTL_MINUTES} minutes')`,
    [captchaId, hashCaptchaAnswer(text)],
  );
  return { captchaId, image: `data:image/png;base64,${png.toString('base64')}` };
}

/** True when the captcha exists, is unexpired, unused and `answer` matches; the captcha is used up either way. */
export async function verifyCaptcha(database: Database, captchaId: string, answer: string): Promise<boolean> {
  const rows = await database.query<{ answer_hash: string }>(
    `update captchas set used_at = now()
      where id = $1 and used_at is null and expires_at > now()
      returning answer_hash`,
    [captchaId],
  );
  const stored = rows[0]?.answer_hash;
  return stored !== undefined && stored === hashCaptchaAnswer(answer);
}

/** The setting 'Captcha.RequestValue' (the client shows the captcha when its 0–99 draw exceeds it), else CAPTCHA_REQUEST_VALUE. */
export async function captchaRequestValue(database: Database, config: ServerConfig): Promise<number> {
  const rows = await database.query<{ value: string }>('select value from settings where key_word = $1', [
    CAPTCHA_REQUEST_VALUE_SETTING,
  ]);
  const value = rows[0] ? Number(rows[0].value) : Number.NaN;
  return Number.isFinite(value) && rows[0]?.value.trim() !== '' ? value : config.captchaRequestValue;
}
