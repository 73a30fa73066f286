import { describe, expect, it } from 'vitest';
import { legalRepresentativeSchema, profileFieldName, webMasterSchema } from './requestProfile';

const legal = { name: 'Ana', name2: '', lastName: 'Pérez', lastName2: '', identificationNumber: '1234', gender: 'F', position: 'Alcaldesa', email: 'ana@alcaldia.gov.co', phone: '3001234567', phone2: '' };

async function firstError(schema: typeof legalRepresentativeSchema, values: Record<string, unknown>): Promise<Record<string, string>> {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    const inner = (error as { inner: Array<{ path: string; message: string }> }).inner;
    const out: Record<string, string> = {};
    for (const failure of inner) out[failure.path] ??= failure.message;
    return out;
  }
}

describe('profile rules (spec 01 §5)', () => {
  it('accepts a complete profile', async () => {
    expect(await firstError(legalRepresentativeSchema, legal)).toEqual({});
  });

  it.each([
    ['name', '', 'newSite.validation.name_required'],
    ['name', 'a'.repeat(101), 'newSite.validation.max_100'],
    ['name2', 'a'.repeat(101), 'newSite.validation.max_100'],
    ['lastName', '  ', 'newSite.validation.last_name_required'],
    ['lastName2', 'a'.repeat(101), 'newSite.validation.max_100'],
    ['identificationNumber', '', 'newSite.validation.identification_required'],
    ['identificationNumber', '12a', 'newSite.validation.digits_only'],
    ['identificationNumber', '1'.repeat(51), 'newSite.validation.max_50'],
    ['gender', '', 'newSite.validation.gender_required'],
    ['gender', 'X', 'newSite.validation.gender_required'],
    ['position', '', 'newSite.validation.position_required'],
    ['position', 'a'.repeat(81), 'newSite.validation.max_80'],
    ['email', '', 'newSite.validation.email_required'],
    ['email', 'Ana@Alcaldia.gov.co', 'newSite.validation.email_invalid'],
    ['email', `${'a'.repeat(196)}@x.co`, 'newSite.validation.max_200'],
    ['phone', '', 'newSite.validation.phone_required'],
    ['phone', '300-123', 'newSite.validation.digits_only'],
    ['phone', '1'.repeat(16), 'newSite.validation.max_15'],
    ['phone2', 'abc', 'newSite.validation.digits_only'],
  ])('%s = %j → %s', async (field, value, message) => {
    expect((await firstError(legalRepresentativeSchema, { ...legal, [field]: value }))[field]).toBe(message);
  });

  it('names the webmaster fields with the webMaster prefix and applies the same rules', async () => {
    expect(profileFieldName('webMaster', 'identificationNumber')).toBe('webMasterIdentificationNumber');
    expect(profileFieldName('legalRepresentative', 'lastName2')).toBe('lastName2');
    const webMaster = Object.fromEntries(Object.entries(legal).map(([key, value]) => [profileFieldName('webMaster', key as never), value]));
    expect(await firstError(webMasterSchema, webMaster)).toEqual({});
    expect(await firstError(webMasterSchema, { ...webMaster, webMasterPhone: 'x' })).toEqual({ webMasterPhone: 'newSite.validation.digits_only' });
  });
});
