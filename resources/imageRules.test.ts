import { describe, expect, it } from 'vitest';
import { BANNER_IMAGE_RULES, coverCrop, imageDimensionFailure, imageRulesOf, imageSizeFailure, LOGO_IMAGE_RULES } from './imageRules';

describe('declared image rules (spec 02 §5)', () => {
  it.each([
    [1200, 300, null],
    [10_000, 10_000, null],
    [1199, 300, 'files.errors.image_wider'],
    [1200, 299, 'files.errors.image_taller'],
    [10_001, 400, 'files.errors.image_too_large'],
    [1300, 10_001, 'files.errors.image_too_large'],
  ])('banner %i×%i → %s', (width, height, key) => {
    expect(imageDimensionFailure(BANNER_IMAGE_RULES, width, height)?.key ?? null).toBe(key);
  });

  it('names the minimum in the banner messages and the exact size in the logo one', () => {
    expect(imageDimensionFailure(BANNER_IMAGE_RULES, 10, 10)).toEqual({ key: 'files.errors.image_wider', values: { w: 1200, h: 300 } });
    expect(imageDimensionFailure(LOGO_IMAGE_RULES, 200, 201)).toEqual({ key: 'files.errors.image_exact', values: { w: 200, h: 200 } });
    expect(imageDimensionFailure(LOGO_IMAGE_RULES, 200, 200)).toBeNull();
  });

  it('caps the size with the type’s own message', () => {
    expect(imageSizeFailure(BANNER_IMAGE_RULES, 2 * 1024 * 1024)).toBeNull();
    expect(imageSizeFailure(BANNER_IMAGE_RULES, 2 * 1024 * 1024 + 1)).toEqual({ key: 'files.errors.too_big', values: { n: 2 } });
    expect(imageSizeFailure(LOGO_IMAGE_RULES, 6 * 1024 * 1024)?.key).toBe('files.errors.too_big_logo');
  });

  it('finds the rules by element type, in any case', () => {
    expect(imageRulesOf('Banner')).toBe(BANNER_IMAGE_RULES);
    expect(imageRulesOf('document')).toBeUndefined();
    expect(imageRulesOf(undefined)).toBeUndefined();
  });

  it.each([
    [2000, 1000, 50, 100, { left: 0, top: 500, width: 2000, height: 500 }],
    [2000, 1000, 50, 0, { left: 0, top: 0, width: 2000, height: 500 }],
    [4000, 500, 0, 50, { left: 0, top: 0, width: 2000, height: 500 }],
    [4000, 500, 100, 50, { left: 2000, top: 0, width: 2000, height: 500 }],
    [1200, 300, 30, 70, { left: 0, top: 0, width: 1200, height: 300 }],
    [2000, 1000, 150, -20, { left: 0, top: 0, width: 2000, height: 500 }],
  ])('crops %i×%i at %i%%, %i%% to the largest 4:1 window', (width, height, x, y, crop) => {
    expect(coverCrop(width, height, 4, x, y)).toEqual(crop);
  });
});
