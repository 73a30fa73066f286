/**
 * Captchas: a raster PNG (never drawing instructions a script could read) whose answer is kept only
 * as a digest, valid for 5 minutes and usable once (a wrong answer uses it up too).
 * Each letter is a glyph outline from svg-captcha's bundled font (no system font needed), placed with
 * its own random rotation, skew, scale and offset among crossing curves; sharp rasterises the drawing,
 * then the pixels are warped by random waves, speckled and blurred.
 */
import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import svgCaptcha from 'svg-captcha';
import type { ServerConfig } from '../config';
import type { Database } from '../db/connection';
import { randomToken, sha256 } from './digest';

export const CAPTCHA_TTL_MINUTES = 5;
export const CAPTCHA_REQUEST_VALUE_SETTING = 'Captcha.RequestValue';
/** Upper-case letters and digits that stay distinct when distorted: no 0/O/Q, 1/I/J/L, 2/Z, 5/S, 8/B, 6/G. */
export const CAPTCHA_ALPHABET = 'ACDEFHKMNPRTUVWXY3479';
export const CAPTCHA_LENGTH = 5;
const WIDTH = 200;
const HEIGHT = 70;

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

/** The outline of one character centred near (0, 0), from svg-captcha's font. */
function glyphPath(char: string, fontSize: number): string {
  const { data } = svgCaptcha.create({ size: 1, charPreset: char, width: 2, height: 0, fontSize, noise: 0 });
  return / d="([^"]+)"/.exec(data)?.[1] ?? '';
}

function drawing(text: string): string {
  const spacing = WIDTH / (text.length + 1);
  const parts: string[] = [];
  [...text].forEach((char, index) => {
    const grey = Math.round(between(0x10, 0x50));
    const colour = `rgb(${grey},${grey},${grey})`;
    const transform = [
      `translate(${(spacing * (index + 1) + between(-4, 4)).toFixed(1)} ${(HEIGHT / 2 - 5 + between(-4, 4)).toFixed(1)})`,
      `rotate(${between(-35, 35).toFixed(1)})`,
      `skewX(${between(-15, 15).toFixed(1)})`,
      `scale(${between(0.85, 1.1).toFixed(2)} ${between(0.85, 1.1).toFixed(2)})`,
    ].join(' ');
    parts.push(
      `<g transform="${transform}"><path fill="${colour}" stroke="${colour}" stroke-width="1.2" d="${glyphPath(char, between(72, 86))}"/></g>`,
    );
  });
  for (let line = 0; line < 3; line += 1) {
    const point = (xMin: number, xMax: number, yMin = 0, yMax = HEIGHT) =>
      `${between(xMin, xMax).toFixed(1)} ${between(yMin, yMax).toFixed(1)}`;
    parts.push(
      `<path d="M${point(0, 20, 5, HEIGHT - 5)} C${point(40, 90)},${point(110, 160)},${point(180, WIDTH, 5, HEIGHT - 5)}"` +
        ` stroke="#444" stroke-width="${between(1, 2).toFixed(1)}" fill="none"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="100%" height="100%" fill="#fff"/>${parts.join('')}</svg>`;
}

/** Rasterises `text` as a distorted, noisy greyscale PNG. */
export async function renderCaptcha(text: string): Promise<Buffer> {
  const { data, info } = await sharp(Buffer.from(drawing(text)))
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const channels = info.channels;
  const pixels = Buffer.alloc(WIDTH * HEIGHT, 255);
  // Two random waves bend rows and columns, so no letter keeps a straight stroke.
  const wave = { amp: between(2, 3.5), period: between(70, 110), phase: between(0, 2 * Math.PI) };
  const shear = { amp: between(1.5, 2.5), period: between(50, 80), phase: between(0, 2 * Math.PI) };
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      const sourceX = Math.round(x + shear.amp * Math.sin((y / shear.period) * 2 * Math.PI + shear.phase));
      const sourceY = Math.round(y + wave.amp * Math.sin((x / wave.period) * 2 * Math.PI + wave.phase));
      const inside = sourceX >= 0 && sourceX < WIDTH && sourceY >= 0 && sourceY < HEIGHT;
      pixels[y * WIDTH + x] = inside ? data[(sourceY * WIDTH + sourceX) * channels]! : 255;
    }
  }
  for (let speck = 0; speck < WIDTH * HEIGHT * 0.05; speck += 1) {
    pixels[randomInt(0, WIDTH * HEIGHT)] = randomInt(0, 2) === 0 ? randomInt(0, 90) : 255;
  }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 1 } }).blur(0.6).png().toBuffer();
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
