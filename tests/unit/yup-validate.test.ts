import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { yupValidate } from '../../src/engine/yupValidate';

const translate = (key: string) => `«${key}»`;

describe('yupValidate', () => {
  it('answers one translated message per field, nested paths as nested errors', async () => {
    const schema = yup.object({
      name: yup.string().required('name.required').min(3, 'name.short'),
      audience: yup.object({ departments: yup.array().min(1, 'departments.required'), groups: yup.array().min(1, 'groups.required') }),
    });
    const errors = await yupValidate(schema, translate)({ name: '', audience: { departments: [], groups: [] } });
    expect(errors).toEqual({
      name: '«name.required»',
      audience: { departments: '«departments.required»', groups: '«groups.required»' },
    });
  });

  it('keeps the first message of a field whose parent already failed', async () => {
    const schema = yup.object({
      audience: yup
        .object({ departments: yup.array().min(1, 'departments.required') })
        .test('whole', 'audience.invalid', () => false),
    });
    const errors = await yupValidate(schema, translate)({ audience: { departments: [] } });
    expect(Object.keys(errors)).toEqual(['audience']);
  });

  it('answers nothing for valid values', async () => {
    expect(await yupValidate(yup.object({ name: yup.string().required('x') }), translate)({ name: 'Ana' })).toEqual({});
  });
});
