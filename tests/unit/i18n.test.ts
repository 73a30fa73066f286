import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider, loadSignedInMessages, looksLikeKey, onMissingKey } from '../../src/shared/i18nProvider';
import { spanishMessages } from '../../i18n/es/index';
import { dayjs } from '../../src/shared/dayjs';
import { lookup, type MessageTree } from '../../i18n/translate';
import { PERMISSIONS, permissionDescriptionKey, permissionLabelKey } from '../../resources/permissions';

afterEach(() => vi.restoreAllMocks());

describe('i18nProvider', () => {
  it('speaks Spanish: react-admin and domain keys, placeholders and plurals', () => {
    expect(i18nProvider.getLocale()).toBe('es');
    expect(i18nProvider.translate('ra.action.save')).toBe('Guardar');
    expect(i18nProvider.translate('errors.forbidden')).toBe('Lo sentimos, no tienes permisos para ejecutar esta acción.');
    expect(i18nProvider.translate('ra.navigation.page_range_info', { offsetBegin: 1, offsetEnd: 20, total: 45 })).toBe('1-20 de 45');
    expect(i18nProvider.translate('ra.action.bulk_actions', { smart_count: 3 })).toBe('3 elementos seleccionados');
    expect(i18nProvider.translate('ra.action.bulk_actions', { smart_count: 1 })).toBe('1 elemento seleccionado');
  });

  it('a missing key answers the key itself (or the default text) and warns only for key-shaped strings in dev', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(i18nProvider.translate('pages.nope.missing')).toBe('pages.nope.missing');
    expect(i18nProvider.translate('pages.nope.missing', { _: 'Texto' })).toBe('Texto');
    expect(onMissingKey('Lo sentimos, no se pudo.')).toBe('Lo sentimos, no se pudo.');
    expect(looksLikeKey('validation.login.email_required')).toBe(true);
    expect(looksLikeKey('Usuario o clave incorrecta')).toBe(false);
    expect(warn.mock.calls.every(([message]) => String(message).includes('pages.nope.missing'))).toBe(true);
  });
});

describe('i18nProvider: the signed-in areas\' messages', () => {
  it('starts with the sign-in part and adds the rest once loaded, keeping the sign-in texts', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(i18nProvider.translate('validation.login.email_required')).toBe('Debes ingresar el correo electrónico');
    expect(i18nProvider.translate('sites.list.title')).toBe('sites.list.title');
    expect(i18nProvider.translate('validation.required')).toBe('validation.required');
    const loading = loadSignedInMessages();
    expect(loadSignedInMessages()).toBe(loading);
    await loading;
    expect(i18nProvider.translate('sites.list.title')).toBe(spanishMessages.sites.list.title);
    expect(i18nProvider.translate('validation.required')).toBe('Este campo es obligatorio');
    expect(i18nProvider.translate('validation.login.email_required')).toBe('Debes ingresar el correo electrónico');
    expect(i18nProvider.getLocale()).toBe('es');
  });
});

describe('dayjs', () => {
  it('is Spanish with weeks starting on Monday', () => {
    expect(dayjs.locale()).toBe('es');
    const wednesday = dayjs('2024-05-15');
    expect(wednesday.startOf('week').format('YYYY-MM-DD dddd')).toBe('2024-05-13 lunes');
    expect(wednesday.format('MMMM')).toBe('mayo');
  });
});

describe('permission texts', () => {
  it('every permission of the catalogue has a Spanish name and a line on what it allows (the code stays the API\'s)', () => {
    const texts = spanishMessages;
    for (const { name } of PERMISSIONS) {
      const label = lookup(texts as unknown as MessageTree, permissionLabelKey(name));
      const description = lookup(texts as unknown as MessageTree, permissionDescriptionKey(name));
      expect(label, name).toEqual(expect.any(String));
      expect(label, name).not.toBe(name);
      expect(description, name).toMatch(/^\S.{10,140}\.$/);
    }
    expect(lookup(spanishMessages as unknown as MessageTree, permissionLabelKey('Impersonate'))).toBe('Ingresar como administrador');
  });
});
