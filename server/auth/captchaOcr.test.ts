/**
 * The captcha against an OCR engine (docs/decisions/0006-sign-in-abuse-and-captcha.md): Debian's tesseract, given
 * every advantage a script would take (the answer alphabet as its whitelist, one word per image), reads
 * fewer than 1 captcha in 20, while the same letters drawn plainly are read — so a low score means the
 * drawing, not a broken harness. Needs `tesseract` (apt-get install tesseract-ocr): `npm test` leaves
 * this file out with one line when it is missing, except in CI (.ci/run installs it).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import svgCaptcha from 'svg-captcha';
import { afterAll, describe, expect, it } from 'vitest';
import { CAPTCHA_ALPHABET, randomCaptchaText, renderCaptcha } from './captcha';

const run = promisify(execFile);
const TESSERACT = process.env.TESSERACT_PATH || 'tesseract';
const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'captcha-ocr-'));
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

/** What tesseract reads in each image, in order: one batch per list (page texts end with a form feed). */
async function readAll(images: Buffer[], name: string): Promise<string[]> {
  const files = images.map((image, index) => {
    const file = path.join(directory, `${name}-${index}.png`);
    fs.writeFileSync(file, image);
    return file;
  });
  // Two batches side by side (two cores); one thread each, as OpenMP's spinning threads only slow a busy machine.
  const half = Math.ceil(files.length / 2);
  const batches = [files.slice(0, half), files.slice(half)];
  const reads = await Promise.all(
    batches.map(async (batch, index) => {
      const list = path.join(directory, `${name}-list-${index}.txt`);
      fs.writeFileSync(list, `${batch.join('\n')}\n`);
      const output = path.join(directory, `${name}-read-${index}`);
      await run(TESSERACT, [list, output, '--psm', '8', '-c', `tessedit_char_whitelist=${CAPTCHA_ALPHABET}`], {
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      }).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? new Error(`${TESSERACT} not found: apt-get install tesseract-ocr, or set TESSERACT_PATH`) : error;
      });
      return fs.readFileSync(`${output}.txt`, 'utf8').split('\f').slice(0, batch.length);
    }),
  );
  return reads.flat().map((text) => text.replace(/\s+/g, '').toUpperCase());
}

/** svg-captcha's module is itself a function drawing a given text (its typings declare only `create`, which draws random text). */
const plainDrawing = svgCaptcha as unknown as (text: string, options: { noise: number; width: number; height: number; fontSize: number }) => string;

const sameCharacters = (read: string, answer: string) => [...answer].filter((char, index) => read[index] === char).length;

describe('captcha against OCR (tesseract)', () => {
  it('tesseract reads fewer than 1 captcha in 20, and reads the same letters drawn plainly', async () => {
    const answers = Array.from({ length: 60 }, () => randomCaptchaText());
    const captchas = await Promise.all(answers.map((answer) => renderCaptcha(answer)));
    // The control: the same font, upright, evenly spaced, no curves, waves or specks (svg-captcha's own drawing).
    const plainAnswers = answers.slice(0, 20);
    const plain = await Promise.all(
      plainAnswers.map((answer) =>
        sharp(Buffer.from(plainDrawing(answer, { noise: 0, width: 280, height: 90, fontSize: 80 })))
          .flatten({ background: '#ffffff' })
          .greyscale()
          .png()
          .toBuffer(),
      ),
    );
    const [captchaReads, plainReads] = [await readAll(captchas, 'captcha'), await readAll(plain, 'plain')];

    expect(captchaReads).toHaveLength(answers.length);
    const solved = answers.filter((answer, index) => captchaReads[index] === answer);
    expect(solved.length, `tesseract read ${solved.join(', ')}`).toBeLessThan(answers.length / 20);

    const plainCharacters = plainAnswers.reduce((sum, answer, index) => sum + sameCharacters(plainReads[index] ?? '', answer), 0);
    // Measured: about half the characters of the plain drawings (a quarter of the words) against ~15% in captchas.
    expect(plainCharacters).toBeGreaterThanOrEqual(plainAnswers.length * 5 * 0.3);
  }, 60_000);
});
