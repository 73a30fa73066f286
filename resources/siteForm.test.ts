import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { spanishMessages } from '../i18n/es';
import { lookup, type MessageTree } from '../i18n/translate';
import {
  firstAllowedUrl,
  initialMapView,
  isFullHttpUrl,
  markerPosition,
  needsUrlCheck,
  orderTypeForSiteType,
  siteFieldErrors,
  siteFormDefaults,
  siteFormSchema,
  sitePayload,
  siteSaveFailureKey,
  siteTypeChanged,
  urlAvailability,
  withFirstAllowedUrl,
  type SiteFormValues,
} from './siteForm';

const VALID = {
  name: 'Alcaldía de Bello',
  alias: 'bello_antioquia-1',
  parentLocationId: 5,
  locationId: 5088,
  siteTypeId: 2,
  orderType: 1,
  allowedUrl: 'https://www.bello-antioquia.gov.co',
  address: 'Carrera 50 # 51-00',
  siteLatitude: 6.33,
  siteLongitude: -75.56,
};

/** The field → message key of every failure. */
function failures(values: Record<string, unknown>): Record<string, string> {
  try {
    siteFormSchema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const result: Record<string, string> = {};
    for (const inner of error.inner) result[inner.path!] ??= String(inner.message);
    return result;
  }
}

describe('siteFormSchema (spec 01 §5 Site form)', () => {
  it('accepts a complete site', () => {
    expect(failures(VALID)).toEqual({});
  });

  it('requires every field, with its own message', () => {
    const empty = Object.fromEntries(Object.keys(VALID).map((key) => [key, '']));
    expect(failures(empty)).toEqual({
      name: 'validation.site.name_required',
      alias: 'validation.site.alias_required',
      parentLocationId: 'validation.site.department_required',
      locationId: 'validation.site.municipality_required',
      siteTypeId: 'validation.site.site_type_required',
      orderType: 'validation.site.order_type_required',
      allowedUrl: 'validation.site.url_required',
      address: 'validation.site.address_required',
      siteLatitude: 'validation.site.latitude_required',
      siteLongitude: 'validation.site.longitude_required',
    });
  });

  it.each([
    ['name', 'Casa', 'validation.site.name_length'],
    ['name', 'Alcal', undefined],
    ['name', 'x'.repeat(200), undefined],
    ['name', 'x'.repeat(201), 'validation.site.name_length'],
    ['alias', 'ab', 'validation.site.alias_length'],
    ['alias', 'abc', undefined],
    ['alias', 'a'.repeat(220), undefined],
    ['alias', 'a'.repeat(221), 'validation.site.alias_length'],
    ['alias', 'con espacio', 'validation.site.alias_pattern'],
    ['alias', 'tilde-ñ', 'validation.site.alias_pattern'],
    ['alias', 'Bello_2-x', undefined],
    ['allowedUrl', 'www.bello.gov.co', 'validation.site.url_invalid'],
    ['allowedUrl', 'ftp://bello.gov.co', 'validation.site.url_invalid'],
    ['allowedUrl', 'https://', 'validation.site.url_invalid'],
    ['allowedUrl', 'http://bello', 'validation.site.url_invalid'],
    ['allowedUrl', 'http://bello.gov.co/portal', undefined],
    ['allowedUrl', `https://${'a'.repeat(190)}.gov.co`, 'validation.site.url_length'],
    ['address', 'Cra1', 'validation.site.address_length'],
    ['address', 'Cra 1', undefined],
    ['address', 'x'.repeat(151), 'validation.site.address_length'],
    ['siteLatitude', 90, undefined],
    ['siteLatitude', -90.0001, 'validation.site.latitude_range'],
    ['siteLatitude', 'norte', 'validation.site.latitude_range'],
    ['siteLongitude', -180, undefined],
    ['siteLongitude', 180.5, 'validation.site.longitude_range'],
    ['orderType', 2, 'validation.site.order_type_required'],
    ['parentLocationId', 0, 'validation.site.department_required'],
  ])('%s = %j → %s', (field, value, expected) => {
    expect(failures({ ...VALID, [field]: value })[field]).toBe(expected);
  });

  it('requires the municipality unless the entity order is departmental', () => {
    expect(failures({ ...VALID, locationId: null }).locationId).toBe('validation.site.municipality_required');
    expect(failures({ ...VALID, siteTypeId: 1, orderType: 0, locationId: null })).toEqual({});
    // The order the entity type imposes counts, whatever the body says (the API takes any body, not only the form's).
    expect(failures({ ...VALID, siteTypeId: 3, orderType: 1, locationId: null })).toEqual({});
    expect(failures({ ...VALID, siteTypeId: 2, orderType: 0, locationId: null }).locationId).toBe('validation.site.municipality_required');
  });

  it('takes the stored comma-separated list of domains (the form edits the first; the body carries the others)', () => {
    expect(failures({ ...VALID, allowedUrl: 'https://a.gov.co, http://b.gov.co/portal' })).toEqual({});
    expect(failures({ ...VALID, allowedUrl: 'https://a.gov.co,b.gov.co' }).allowedUrl).toBe('validation.site.url_invalid');
    expect(failures({ ...VALID, allowedUrl: 'https://a.gov.co,' }).allowedUrl).toBe('validation.site.url_invalid');
  });

  it('has a Spanish text for every message key it uses', () => {
    const keys = new Set(Object.values(failures(Object.fromEntries(Object.keys(VALID).map((key) => [key, ''])))));
    for (const key of [...keys, 'validation.site.alias_taken', 'validation.site.url_taken', 'validation.site.url_in_use']) {
      expect(lookup(spanishMessages as unknown as MessageTree, key), key).toEqual(expect.any(String));
    }
    expect(lookup(spanishMessages as unknown as MessageTree, 'validation.site.alias_taken')).toBe('El alias ya se encuentra en uso');
    expect(lookup(spanishMessages as unknown as MessageTree, 'validation.site.url_taken')).toBe('El Dominio (URL) ya se encuentra en uso');
  });
});

describe('order type from the entity type (spec 01 §4)', () => {
  it.each([
    [1, 0],
    [3, 0],
    [2, 1],
    [4, 1],
    [5, null],
    ['2', 1],
    [null, null],
  ])('type %j → %j', (type, expected) => {
    expect(orderTypeForSiteType(type)).toBe(expected);
  });

  it('asks for confirmation only when an existing site changes type', () => {
    expect(siteTypeChanged(undefined, 2)).toBe(false);
    expect(siteTypeChanged({ id: 1, siteTypeId: 2 }, 2)).toBe(false);
    expect(siteTypeChanged({ id: 1, siteTypeId: 2 }, '2')).toBe(false);
    expect(siteTypeChanged({ id: 1, siteTypeId: 2 }, 4)).toBe(true);
  });
});

describe('allowed URLs', () => {
  it('edits the first of the comma-separated list and keeps the others', () => {
    expect(firstAllowedUrl('https://a.gov.co, https://b.gov.co')).toBe('https://a.gov.co');
    expect(firstAllowedUrl(null)).toBe('');
    expect(withFirstAllowedUrl('https://a.gov.co, https://b.gov.co', 'https://c.gov.co')).toBe('https://c.gov.co,https://b.gov.co');
    expect(withFirstAllowedUrl(null, ' https://c.gov.co ')).toBe('https://c.gov.co');
  });

  it('checks availability only for a complete URL other than the site’s own', () => {
    expect(isFullHttpUrl('https://bello.gov.co')).toBe(true);
    expect(needsUrlCheck('https://bello.gov.co', undefined)).toBe(true);
    expect(needsUrlCheck('https://bello', undefined)).toBe(false);
    expect(needsUrlCheck('HTTPS://A.gov.co', { allowedUrl: 'https://a.gov.co,https://b.gov.co' })).toBe(false);
    expect(needsUrlCheck('https://b.gov.co', { allowedUrl: 'https://a.gov.co,https://b.gov.co' })).toBe(true);
  });

  it.each([
    [true, true],
    [false, false],
    [{ available: false }, false],
    [{ isAvailable: true }, true],
    [{ allowed: false }, false],
    [{}, null],
    ['sí', null],
    [null, null],
  ])('GET /allowurl/ answering %j → %j', (json, expected) => {
    expect(urlAvailability(json)).toBe(expected);
  });
});

describe('server errors on save (spec 01 §8)', () => {
  it('marks Alias and AllowedUrl duplicated whatever the target’s case', () => {
    expect(siteFieldErrors('BadArgument', [{ target: 'Alias', message: 'duplicado' }])).toEqual({ alias: 'validation.site.alias_taken' });
    expect(siteFieldErrors('BadArgument', [{ target: 'ALLOWEDURL' }])).toEqual({ allowedUrl: 'validation.site.url_taken' });
    expect(siteFieldErrors(undefined, [{ code: 'BadArgument', target: 'allowedUrl' }])).toEqual({ allowedUrl: 'validation.site.url_taken' });
  });

  it('shows another field’s server message under that field and ignores unknown targets', () => {
    expect(siteFieldErrors('ValidationError', [{ target: 'Address', message: 'Muy corta' }, { target: 'Foo', message: 'x' }])).toEqual({
      address: 'Muy corta',
    });
    expect(siteFieldErrors('ValidationError', [{ target: 'alias', message: 'Otro texto' }])).toEqual({ alias: 'Otro texto' });
  });

  it('picks the failure text of the operation', () => {
    expect(siteSaveFailureKey(true, 'PiwikError')).toBe('sites.form.create_failed');
    expect(siteSaveFailureKey(false, 'PiwikError')).toBe('sites.form.update_piwik_failed');
    expect(siteSaveFailureKey(false, undefined)).toBe('sites.form.update_failed');
  });
});

describe('payload', () => {
  const values = siteFormSchema.validateSync(VALID) as SiteFormValues;

  it('imposes the entity type’s order type and keeps the other allowed URLs', () => {
    const record = { id: 7, alias: 'bello', installed: false, allowedUrl: 'https://old.gov.co,https://b.gov.co', siteTypeId: 2 };
    expect(sitePayload({ ...values, siteTypeId: 1, orderType: 1 }, record)).toMatchObject({
      orderType: 0,
      alias: VALID.alias,
      allowedUrl: `${VALID.allowedUrl},https://b.gov.co`,
    });
    expect(sitePayload({ ...values, siteTypeId: 5, orderType: 0 })).toMatchObject({ orderType: 0, allowedUrl: VALID.allowedUrl });
  });

  it('keeps the alias of an installed site', () => {
    expect(sitePayload(values, { id: 7, alias: 'bello', installed: true }).alias).toBe('bello');
  });

  it('starts a new site empty and an existing one from its record', () => {
    expect(siteFormDefaults()).toMatchObject({ name: '', siteTypeId: null, allowedUrl: '' });
    expect(siteFormDefaults({ ...VALID, allowedUrl: 'https://a.gov.co,https://b.gov.co' }).allowedUrl).toBe('https://a.gov.co');
  });
});

describe('map (spec 01 §9)', () => {
  it('opens on Colombia at zoom 5 without a position, on the site at zoom 7 with one', () => {
    expect(initialMapView(null, null)).toEqual({ center: [4.5709, -74.2973], zoom: 5 });
    expect(initialMapView(6.33, '-75,56')).toEqual({ center: [6.33, -75.56], zoom: 7 });
    expect(initialMapView(95, -75)).toEqual({ center: [4.5709, -74.2973], zoom: 5 });
  });

  it('places the marker only for complete, in-range coordinates', () => {
    expect(markerPosition('6.2', '-75.5')).toEqual([6.2, -75.5]);
    expect(markerPosition('6.2', '')).toBeNull();
    expect(markerPosition('-', '-75')).toBeNull();
  });
});
