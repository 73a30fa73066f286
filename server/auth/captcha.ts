/**
 * Captchas: an SVG image from svg-captcha whose answer is kept only as a digest, valid for
 * 5 minutes and usable once (a wrong answer uses it up too).
 */
import svgCaptcha from 'svg-captcha';
import type { ServerConfig } from '../config';
import type { Database } from '../db/connection';
import { randomToken, sha256 } from './digest';

export const CAPTCHA_TTL_MINUTES = 5;
export const CAPTCHA_REQUEST_VALUE_SETTING = 'Captcha.RequestValue';

/** Answers are compared case-insensitively and without surrounding spaces. */
export function hashCaptchaAnswer(answer: string): string {
  return sha256(answer.trim().toLowerCase());
}

export interface IssuedCaptcha {
  captchaId: string;
  /** SVG markup. */
  image: string;
}

export async function createCaptcha(database: Database): Promise<IssuedCaptcha> {
  const { text, data } = svgCaptcha.create({ size: 5, noise: 2, ignoreChars: '0oO1iIlL', background: '#ffffff' });
  const captchaId = randomToken(24);
  await database.query(`delete from captchas where expires_at < now() - interval '1 hour'`);
  await database.query(
    `insert into captchas (id, answer_hash, expires_at) values ($1, $2, now() + interval '${CAPTCHA_TTL_MINUTES} minutes')`,
    [captchaId, hashCaptchaAnswer(text)],
  );
  return { captchaId, image: data };
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
