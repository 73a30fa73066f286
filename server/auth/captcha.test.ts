/** The captcha's drawing stays readable to people (issue 21): large letters, little turn or lean, none cut off by the edge. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_ALPHABET,
  CAPTCHA_HEIGHT,
  CAPTCHA_MAX_ROTATION,
  CAPTCHA_MAX_SKEW,
  CAPTCHA_WIDTH,
  captchaLayout,
  letterOutline,
  randomCaptchaText,
  renderCaptcha,
} from './captcha';

describe('captcha drawing', () => {
  it('places every letter large, barely turned or leant, and wholly inside the image', () => {
    for (let round = 0; round < 100; round += 1) {
      const text = randomCaptchaText();
      const letters = captchaLayout(text);
      expect(letters).toHaveLength(text.length);
      for (const letter of letters) {
        expect(Math.abs(letter.rotation)).toBeLessThanOrEqual(CAPTCHA_MAX_ROTATION);
        expect(Math.abs(letter.skew)).toBeLessThanOrEqual(CAPTCHA_MAX_SKEW);
        const outline = letterOutline(letter);
        const xs = outline.map(([x]) => x);
        const ys = outline.map(([, y]) => y);
        // At least 45% of the image's height (the letters were shown about 30 px tall before issue 21).
        expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThanOrEqual(CAPTCHA_HEIGHT * 0.45);
        expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
        expect(Math.max(...xs)).toBeLessThanOrEqual(CAPTCHA_WIDTH);
        expect(Math.min(...ys)).toBeGreaterThanOrEqual(0);
        expect(Math.max(...ys)).toBeLessThanOrEqual(CAPTCHA_HEIGHT);
      }
      // Left to right, in the answer's order.
      const centres = letters.map((letter) => letter.x);
      expect(centres).toEqual([...centres].sort((a, b) => a - b));
    }
  });

  it('leaves out characters this font draws alike', () => {
    expect(CAPTCHA_ALPHABET).not.toMatch(/[0O1IL5S2Z8B6GMNH]/);
  });

  it('renders a PNG of the announced size', async () => {
    const { format, width, height } = await sharp(await renderCaptcha('KX7PA')).metadata();
    expect({ format, width, height }).toEqual({ format: 'png', width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT });
  });
});
