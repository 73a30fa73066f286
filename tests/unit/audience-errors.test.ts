import { describe, expect, it } from 'vitest';
import { audienceErrors } from '../../src/shared/audience/audienceErrors';

describe('audienceErrors', () => {
  it.each([
    ['no error', undefined, {}],
    ["the input's own validator", { type: 'validate', message: 'audience.invalid' }, { root: 'audience.invalid' }],
    [
      'record-level errors of the parts',
      { departments: { type: 'manual', message: 'Debes elegir un departamento' }, siteTypes: { message: 'Elige un tipo' } },
      { departments: 'Debes elegir un departamento', siteTypes: 'Elige un tipo' },
    ],
    ['both', { message: 'x', groups: { message: 'y' } }, { root: 'x', groups: 'y' }],
    ["react-admin's wrapping of a form-level message", { municipalities: { type: 'manual', message: { message: 'w' } } }, { municipalities: 'w' }],
    ['empty and unknown parts are ignored', { message: '', other: { message: 'z' }, groups: {} }, {}],
  ])('%s', (_name, error, expected) => {
    expect(audienceErrors(error)).toEqual(expected);
  });
});
