/** The base rules of the `file`/`image` and `manyToMany` kinds (resources/fieldKinds.ts), as body and form see them. */
import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { ValidationError } from 'yup';
import { fileIdOf, FILES_MAX, MANY_TO_MANY_MAX, resourceSchema } from './fieldKinds';
import type { FieldDeclaration } from './types';

const FILE_ID = '0b5c9a1e-4f2d-4c3b-9a8e-7d6f5e4c3b2a';
const fields: FieldDeclaration[] = [
  { source: 'id', type: 'id', label: 'id' },
  { source: 'photo', type: 'image', label: 'photo', elementType: 'image' },
  { source: 'attachments', type: 'files', label: 'attachments', elementType: 'siteComment' },
  { source: 'tags', type: 'manyToMany', label: 'tags', reference: { resource: 'tags', display: 'name' } },
  { source: 'owners', type: 'manyToMany', label: 'owners', reference: { resource: 'users', display: 'name' }, required: true },
];
const schema = resourceSchema({ fields }, 'id');

async function messages(body: Record<string, unknown>): Promise<Record<string, string>> {
  try {
    await schema.validate(body, { abortEarly: false, stripUnknown: true });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return Object.fromEntries(error.inner.map((failure) => [failure.path ?? '', failure.message]));
  }
}

describe('file kind rule', () => {
  it('takes the fileID of the upload answer or the bare id, and refuses anything else', async () => {
    expect(fileIdOf({ fileID: FILE_ID, name: 'a.png' })).toBe(FILE_ID);
    expect(fileIdOf(FILE_ID)).toBe(FILE_ID);
    const valid = await schema.validate({ photo: { fileID: FILE_ID, name: 'a.png' }, owners: [1] }, { stripUnknown: true });
    expect(valid.photo).toBe(FILE_ID);
    expect(await messages({ photo: null, owners: [1] })).toEqual({});
    expect(await messages({ photo: '', owners: [1] })).toEqual({});
    for (const photo of ['a.png', 12, { fileID: 'x' }, [FILE_ID]]) expect(await messages({ photo, owners: [1] })).toEqual({ photo: 'validation.field.file' });
  });
});

describe('files kind rule', () => {
  const OTHER_ID = '1b5c9a1e-4f2d-4c3b-9a8e-7d6f5e4c3b2a';
  it('takes a list of upload answers or bare ids, without repeats, at most FILES_MAX', async () => {
    const valid = await schema.validate({ attachments: [{ fileID: FILE_ID, name: 'a.pdf' }, OTHER_ID], owners: [1] }, { stripUnknown: true });
    expect(valid.attachments).toEqual([FILE_ID, OTHER_ID]);
    expect(await messages({ attachments: [], owners: [1] })).toEqual({});
    expect(await messages({ attachments: null, owners: [1] })).toEqual({});
    for (const attachments of ['a.pdf', [12], [{ fileID: 'x' }], FILE_ID, [FILE_ID, FILE_ID]]) {
      expect(await messages({ attachments, owners: [1] })).toEqual({ attachments: 'validation.field.files' });
    }
    const many = Array.from({ length: FILES_MAX + 1 }, (_, index) => `${String(index).padStart(8, '0')}-4f2d-4c3b-9a8e-7d6f5e4c3b2a`);
    expect(await messages({ attachments: many, owners: [1] })).toEqual({ attachments: 'validation.field.too_many_files' });
  });
});

describe('manyToMany kind rule', () => {
  it('wants a list of positive integer ids, at least one when required, at most MANY_TO_MANY_MAX', async () => {
    expect((await schema.validate({ tags: ['2', 1], owners: [3] }, { stripUnknown: true })).tags).toEqual([2, 1]);
    expect(await messages({ tags: null, owners: [1] })).toEqual({});
    expect(await messages({ tags: 'uno', owners: [1] })).toEqual({ tags: 'validation.field.list' });
    expect(await messages({ tags: [0, 1.5], owners: [1] })).toEqual({ 'tags[0]': 'validation.field.reference', 'tags[1]': 'validation.field.reference' });
    expect(await messages({ owners: [] })).toEqual({ owners: 'validation.field.required' });
    expect(await messages({})).toEqual({ owners: 'validation.field.required' });
    const many = Array.from({ length: MANY_TO_MANY_MAX + 1 }, (_, index) => index + 1);
    expect(await messages({ tags: many, owners: [1] })).toEqual({ tags: 'validation.field.too_many' });
  });
});

describe('int4 columns', () => {
  // The declaration's own rules replace the kinds' (spec messages), but not the range of the integer columns.
  const declared = resourceSchema(
    {
      fields: [
        { source: 'id', type: 'id', label: 'id' },
        { source: 'parentId', type: 'reference', label: 'parent', reference: { resource: 'parents', display: 'name' } },
        { source: 'count', type: 'integer', label: 'count' },
      ],
      schema: yup.object({ parentId: yup.number().typeError('propio.padre').nullable(), count: yup.number().typeError('propio.cuenta').nullable() }),
    },
    'id',
  );
  const refusals = async (body: Record<string, unknown>) => {
    try {
      await declared.validate(body, { abortEarly: false, stripUnknown: true });
      return {};
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      return Object.fromEntries(error.inner.map((failure) => [failure.path ?? '', failure.message]));
    }
  };

  it.each([1.5, 1e12, 2_147_483_648, 99_999_999_999, 0, -1])('refuses %s in a reference whose rule the declaration replaced', async (value) => {
    expect(await refusals({ parentId: value })).toEqual({ parentId: 'validation.field.reference' });
  });

  it('refuses an integer beyond int4 or with a fraction, keeps the declaration message first, and accepts the column range', async () => {
    expect(await refusals({ count: 3_000_000_000 })).toEqual({ count: 'validation.field.integer' });
    expect(await refusals({ count: -2_147_483_649 })).toEqual({ count: 'validation.field.integer' });
    expect(await refusals({ count: 2.5 })).toEqual({ count: 'validation.field.integer' });
    expect(await refusals({ count: 'x', parentId: 'y' })).toEqual({ count: 'propio.cuenta', parentId: 'propio.padre' });
    expect(await refusals({ count: -2_147_483_648, parentId: 2_147_483_647 })).toEqual({});
    expect(await refusals({ count: null, parentId: null })).toEqual({});
  });
});

describe('columns that cannot hold null', () => {
  const schema = resourceSchema(
    {
      fields: [
        { source: 'id', type: 'id', label: 'id' },
        { source: 'enabled', type: 'boolean', label: 'enabled', defaultValue: true },
        { source: 'count', type: 'integer', label: 'count', nullable: false },
        { source: 'title', type: 'text', label: 'title' },
        { source: 'limit', type: 'integer', label: 'limit' },
      ],
    },
    'id',
  );
  const refusals = async (body: Record<string, unknown>) => {
    try {
      await schema.validate(body, { abortEarly: false, stripUnknown: true });
      return {};
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      return Object.fromEntries(error.inner.map((failure) => [failure.path ?? '', failure.message]));
    }
  };

  it('refuse null and an empty input as required, whereas absent stays absent; nullable columns and texts take them', async () => {
    expect(await refusals({ enabled: null, count: null })).toEqual({ enabled: 'validation.field.required', count: 'validation.field.required' });
    expect(await refusals({ enabled: '', count: '' })).toEqual({ enabled: 'validation.field.required', count: 'validation.field.required' });
    expect(await refusals({})).toEqual({});
    expect(await refusals({ title: null, limit: null, enabled: false, count: 0 })).toEqual({});
  });
});
