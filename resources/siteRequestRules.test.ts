import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { spanishMessages } from '../i18n/es';
import { lookup, type MessageTree } from '../i18n/translate';
import {
  administratorProfile,
  changeStatusSchema,
  decisionFailureMessage,
  personName,
  rejectionReasonState,
  rejectionRecipients,
  requestFileIds,
  requestFiles,
  REJECTION_REASON_MIN,
} from './siteRequestRules';

const spanish = (key: string) => lookup(spanishMessages as unknown as MessageTree, key);

async function refusal(body: unknown): Promise<{ path?: string; message: string } | null> {
  try {
    await changeStatusSchema.validate(body, { abortEarly: false, stripUnknown: true });
    return null;
  } catch (error) {
    const first = (error as ValidationError).inner[0] ?? (error as ValidationError);
    return { path: first.path, message: String(first.message) };
  }
}

describe('changeStatusSchema', () => {
  it('accepts an approval without reason and a rejection with 50 characters or more', async () => {
    expect(await refusal({ status: 'Approved' })).toBeNull();
    expect(await refusal({ status: 'Rejected', responseMessage: 'x'.repeat(REJECTION_REASON_MIN) })).toBeNull();
  });

  it('refuses an unknown status and a rejection without a long enough reason, with keys that exist in Spanish', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{}, 'status', 'resources.siterequests.validation.status'],
      [{ status: 'PendingApproval' }, 'status', 'resources.siterequests.validation.status'],
      [{ status: 'Rejected' }, 'responseMessage', 'resources.siterequests.validation.reason_required'],
      [{ status: 'Rejected', responseMessage: ` ${'a'.repeat(49)} ` }, 'responseMessage', 'resources.siterequests.validation.reason_min'],
      [{ status: 'Rejected', responseMessage: 'a'.repeat(2001) }, 'responseMessage', 'resources.siterequests.validation.reason_max'],
      [{ status: 'Approved', responseMessage: 'a'.repeat(2001) }, 'responseMessage', 'resources.siterequests.validation.reason_max'],
    ];
    for (const [body, path, key] of cases) {
      expect(await refusal(body), JSON.stringify(body).slice(0, 40)).toEqual({ path, message: key });
      expect(spanish(key)).toEqual(expect.any(String));
    }
  });
});

describe('rejectionReasonState', () => {
  it('counts trimmed characters, says how many are missing and which message applies', () => {
    expect(rejectionReasonState('')).toEqual({ length: 0, missing: 50, error: 'resources.siterequests.validation.reason_required' });
    expect(rejectionReasonState(`  ${'a'.repeat(10)}  `)).toEqual({ length: 10, missing: 40, error: 'resources.siterequests.validation.reason_min' });
    expect(rejectionReasonState('a'.repeat(50))).toEqual({ length: 50, missing: 0, error: null });
    expect(rejectionReasonState('a'.repeat(2001)).error).toBe('resources.siterequests.validation.reason_max');
  });
});

describe('administratorProfile and files', () => {
  const request = {
    id: 3,
    siteId: 9,
    kind: 'FirstTime',
    status: 'PendingApproval',
    legalRepresentative: { name: 'Ana', name2: '', lastName: 'Mora', lastName2: 'Ríos', email: 'ana@x.gov.co', phone: 3001112233 },
    // Stored without the prefix: still answered with it.
    webMaster: { name: 'Luis', lastName: 'Paz', email: 'ANA@x.gov.co' },
    detail: { files: ['0b5c9a1e-4f2d-4c3b-9a8e-7d6f5e4c3b2a', { name: 'acta.pdf', filePath: '/api/v1/files/a', owner: 'webMaster' }, { owner: 'x' }, 7] },
  };

  it('answers every field of both people (missing ones empty), the webmaster prefixed', () => {
    const profile = administratorProfile(request, new Map([['0b5c9a1e-4f2d-4c3b-9a8e-7d6f5e4c3b2a', 'cedula.pdf']]));
    expect(profile).toMatchObject({ id: 3, siteId: 9, name: 'Ana', position: '', phone: '3001112233', webMasterName: 'Luis', webMasterEmail: 'ANA@x.gov.co', webMasterPhone2: '' });
    expect(profile.files).toEqual([
      { fileID: '0b5c9a1e-4f2d-4c3b-9a8e-7d6f5e4c3b2a', name: 'cedula.pdf', filePath: '/api/v1/files/0b5c9a1e-4f2d-4c3b-9a8e-7d6f5e4c3b2a', owner: null },
      { fileID: null, name: 'acta.pdf', filePath: '/api/v1/files/a', owner: 'webMaster' },
    ]);
    expect(personName(profile, 'legalRepresentative')).toBe('Ana Mora Ríos');
    expect(personName(profile, 'webMaster')).toBe('Luis Paz');
    // One address once, lower case.
    expect(rejectionRecipients(profile)).toEqual(['ana@x.gov.co']);
  });

  it('reads no files from a detail without a list', () => {
    expect(requestFiles(null)).toEqual([]);
    expect(requestFiles({ files: 'x' })).toEqual([]);
    expect(requestFileIds({ files: ['a', { fileID: 'b' }, { name: 'c' }] })).toEqual(['a', 'b']);
  });

  it('leaves out invalid addresses', () => {
    expect(rejectionRecipients({ email: 'no es correo', webMasterEmail: ' Web@Entidad.gov.co ' })).toEqual(['web@entidad.gov.co']);
  });
});

describe('decisionFailureMessage', () => {
  it('shows the server message of a 400 or 409, the spec update failure text otherwise', () => {
    expect(decisionFailureMessage({ status: 409, message: 'Esta solicitud ya fue procesada' })).toBe('Esta solicitud ya fue procesada');
    expect(decisionFailureMessage({ status: 500, message: 'x' })).toBe('resources.siterequests.update_error');
    expect(decisionFailureMessage({ status: 0 })).toBe('resources.siterequests.update_error');
    expect(decisionFailureMessage(null)).toBe('resources.siterequests.update_error');
    expect(spanish('resources.siterequests.update_error')).toBe('Lo sentimos en este momento no podemos actualizar la información');
  });
});
