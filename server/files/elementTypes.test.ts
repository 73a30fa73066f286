import { describe, expect, it } from 'vitest';
import { t } from '../i18n';
import { defineElementType, elementTypeNamed, MEGABYTE, tooBigMessage } from './elementTypes';

describe('tooBigMessage', () => {
  it.each([
    [{ maxBytes: 10485760, tooBigMessage: undefined }, 'El tamaño de los archivos no pueden exceder los 10MB de tamaño'],
    [{ maxBytes: 5242880, tooBigMessage: undefined }, 'Sube archivos de menos de 5 Mb'],
    [{ maxBytes: 31457280, tooBigMessage: undefined }, 'Sube archivos de menos de 30 Mb'],
    [{ maxBytes: 1.5 * MEGABYTE, tooBigMessage: undefined }, 'Sube archivos de menos de 1.5 Mb'],
    [{ maxBytes: 5242880, tooBigMessage: 'files.errors.too_big_logo' }, 'El tamaño de los logos no pueden exceder los 5MB de tamaño'],
  ])('%j', (elementType, expected) => {
    const { key, values } = tooBigMessage(elementType);
    expect(t(key, values)).toBe(expected);
  });
});

describe('defineElementType', () => {
  it('joins kinds and extensions, and is found by name in any case', () => {
    const declared = defineElementType('pruebaTipos', { kinds: ['image'], extensions: ['png', 'jpg'], permissions: ['Settings'] });
    expect(declared.extensions).toEqual(['jpg', 'jpeg', 'gif', 'png']);
    expect(declared.maxBytes).toBe(10485760);
    expect(elementTypeNamed('PRUEBATIPOS')).toBe(declared);
  });

  it('refuses an extension without a known format', () => {
    expect(() => defineElementType('pruebaExe', { extensions: ['exe'], permissions: ['Settings'] })).toThrow(/exe/);
  });

  it('declares the spec caps', () => {
    expect(elementTypeNamed('siteComment')!.maxBytes).toBe(5242880);
    expect(elementTypeNamed('bulkExcel')!.extensions).toEqual(['xls', 'xlsx']);
    expect(elementTypeNamed('policyFile')!.maxBytes).toBe(31457280);
    expect(elementTypeNamed('portalFile')!.extensions).toEqual(['txt', 'csv']);
  });
});
