/** The scheduling labels of a content across time (the clock is a parameter), and the body's length rule. */
import { describe, expect, it } from 'vitest';
import { contentSchedule, contentSchema, contentTogglable, plainText } from './contents';

const from = '2026-06-01T05:00:00.000Z';
const to = '2026-06-30T05:00:00.000Z';

describe('contentSchedule', () => {
  it.each([
    ['2026-05-31T23:59:59.000Z', 'scheduled'],
    ['2026-06-01T05:00:00.000Z', null],
    ['2026-06-15T12:00:00.000Z', null],
    ['2026-06-30T04:59:59.999Z', null],
    ['2026-06-30T05:00:00.000Z', 'expired'],
    ['2027-01-01T00:00:00.000Z', 'expired'],
  ])('at %s the label is %s', (now, expected) => {
    expect(contentSchedule({ showFromDate: from, showToDate: to }, new Date(now))).toBe(expected);
    expect(contentTogglable({ showFromDate: from, showToDate: to }, new Date(now))).toBe(expected !== 'expired');
  });

  it('has no label without dates, and each date alone decides its own label', () => {
    const now = new Date('2026-06-15T00:00:00.000Z');
    expect(contentSchedule({ showFromDate: null, showToDate: null }, now)).toBeNull();
    expect(contentSchedule({ showFromDate: '2026-07-01T00:00:00.000Z', showToDate: null }, now)).toBe('scheduled');
    expect(contentSchedule({ showFromDate: null, showToDate: '2026-06-01T00:00:00.000Z' }, now)).toBe('expired');
  });
});

describe('content body', () => {
  it('counts the text a rich body shows, not its tags', () => {
    expect(plainText('<p>Hola <strong>mundo</strong>&nbsp;!</p>')).toBe('Hola mundo _!');
    expect(contentSchema.validateSyncAt('body', { body: `<p>${'a'.repeat(20)}</p>` })).toBeTruthy();
    expect(() => contentSchema.validateSyncAt('body', { body: `<p><b>${'a'.repeat(19)}</b></p>` })).toThrow('contents.validation.body_length');
  });
});

describe('publishing needs an image (spec 02 §5)', () => {
  const file = '0b6a4e1c-2f1d-4c3e-9a5b-7d8e9f0a1b2c';
  const errorsOf = async (values: Record<string, unknown>, context?: object) => {
    const base = { name: 'Aviso nacional', body: '<p>Un cuerpo de más de veinte caracteres.</p>', showMode: '1', showForTypeUserId: '1' };
    try {
      await contentSchema.validate({ ...base, ...values }, { abortEarly: false, context });
      return [];
    } catch (error) {
      return (error as { inner: Array<{ path: string; message: string }> }).inner.filter((e) => e.path === 'image').map((e) => e.message);
    }
  };
  it.each([
    ['a new content (created published) without image, in the form', { image: null }, { form: true }, ['contents.validation.image_required']],
    ['a new content whose form never touched the image', {}, { form: true }, ['contents.validation.image_required']],
    ['a published content losing its image, in the form', { image: null, published: true }, { form: true }, ['contents.validation.image_required']],
    ['an inactive content without image, in the form', { image: null, published: false }, { form: true }, []],
    ['a content with its image, in the form', { image: { fileID: file, filePath: '/x' } }, { form: true }, []],
    ['the server (it checks the stored record instead)', { image: null }, undefined, []],
  ])('%s', async (_case, values, context, expected) => {
    expect(await errorsOf(values, context)).toEqual(expected);
  });
});
