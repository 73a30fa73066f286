import { describe, expect, it } from 'vitest';
import { mergeMessages } from './merge';

describe('mergeMessages', () => {
  it('merges a shared namespace key by key, at every level, without touching its inputs', () => {
    const base = { ra: { action: { save: 'Guardar' } }, validation: { login: { email_required: 'Correo' } } };
    const extra = { sites: { title: 'Portales' }, validation: { required: 'Obligatorio', login: { other: 'Otro' } } };
    expect(mergeMessages(base, extra)).toEqual({
      ra: { action: { save: 'Guardar' } },
      sites: { title: 'Portales' },
      validation: { required: 'Obligatorio', login: { email_required: 'Correo', other: 'Otro' } },
    });
    expect(base.validation).toEqual({ login: { email_required: 'Correo' } });
  });

  it('lets a text of the second set replace one of the first', () => {
    expect(mergeMessages({ pages: { title: 'A', keep: 'K' } }, { pages: { title: 'B' } })).toEqual({ pages: { title: 'B', keep: 'K' } });
  });
});
