import { describe, expect, it } from 'vitest';
import {
  activeSteps,
  alreadyInstalled,
  canAddNewSite,
  effectiveSiteChoice,
  flowProblem,
  newSiteRequestSchema,
  requestKind,
  siteSelectable,
  type WizardSite,
} from './newSiteRequest';

const site = (id: number, installed: boolean, pendingRequest = false): WizardSite => ({ id, name: `Sitio ${id}`, installed, pendingRequest });
const none: WizardSite[] = [];
const allInstalled = [site(1, true), site(2, true)];
const mixed = [site(1, true), site(2, false)];

describe('canAddNewSite: FirstTime with type 5, or no site available', () => {
  it.each([
    ['FirstTime', 5, mixed, true],
    ['FirstTime', 5, none, true],
    ['FirstTime', 2, none, true],
    ['FirstTime', 2, mixed, false],
    ['ChangeAdmin', 5, none, false],
    ['ChangeAdmin', 2, none, false],
    [null, 5, none, false],
    ['FirstTime', null, none, false],
  ] as const)('%s, type %s, %j → %s', (flow, type, sites, expected) => {
    expect(canAddNewSite(flow, type, sites)).toBe(expected);
  });
});

describe('alreadyInstalled: a type other than 5 whose sites are all installed', () => {
  it.each([
    [2, allInstalled, true],
    [2, mixed, false],
    [2, none, false],
    [5, allInstalled, false],
  ] as const)('type %s, %j → %s', (type, sites, expected) => {
    expect(alreadyInstalled(type, sites)).toBe(expected);
  });
});

describe('flowProblem', () => {
  it('ChangeAdmin with no sites is invalid', () => {
    expect(flowProblem('ChangeAdmin', 2, none)).toBe('newSite.rules.change_admin_without_sites');
    expect(flowProblem('ChangeAdmin', 5, [site(1, false)])).toBe('newSite.rules.change_admin_without_sites');
    expect(flowProblem('ChangeAdmin', 2, mixed)).toBeNull();
  });
  it('FirstTime for a type other than 5 whose sites are all installed is flagged already installed', () => {
    expect(flowProblem('FirstTime', 2, allInstalled)).toBe('newSite.rules.already_installed');
    expect(flowProblem('FirstTime', 5, allInstalled)).toBeNull();
    expect(flowProblem('FirstTime', 2, mixed)).toBeNull();
  });
  it('says nothing before the flow and the type are chosen', () => {
    expect(flowProblem(null, 2, none)).toBeNull();
    expect(flowProblem('ChangeAdmin', null, none)).toBeNull();
  });
});

describe('siteSelectable', () => {
  it.each([
    ['FirstTime', site(1, false), true],
    ['FirstTime', site(1, true), false],
    ['ChangeAdmin', site(1, true), true],
    ['ChangeAdmin', site(1, false), false],
    ['FirstTime', site(1, false, true), false],
    ['ChangeAdmin', site(1, true, true), false],
  ] as const)('%s %j → %s', (flow, candidate, expected) => {
    expect(siteSelectable(flow, candidate)).toBe(expected);
  });
});

describe('steps', () => {
  it('has five steps with step 2 only for a new site', () => {
    expect(activeSteps('new')).toEqual(['site', 'newSite', 'legalRepresentative', 'webMaster', 'submit']);
    expect(activeSteps(7)).toEqual(['site', 'legalRepresentative', 'webMaster', 'submit']);
    expect(activeSteps(null)).not.toContain('newSite');
  });
  it('chooses the new site when nothing else can be chosen and a new site is allowed', () => {
    expect(effectiveSiteChoice('FirstTime', 2, none, null)).toBe('new');
    expect(effectiveSiteChoice('FirstTime', 5, allInstalled, null)).toBe('new');
    expect(effectiveSiteChoice('FirstTime', 5, mixed, null)).toBeNull();
    expect(effectiveSiteChoice('FirstTime', 5, mixed, 2)).toBe(2);
    expect(effectiveSiteChoice('ChangeAdmin', 2, none, null)).toBeNull();
  });
  it('stores a new site as UserMade, else the flow', () => {
    expect(requestKind('FirstTime', 'new')).toBe('UserMade');
    expect(requestKind('FirstTime', 3)).toBe('FirstTime');
    expect(requestKind('ChangeAdmin', 3)).toBe('ChangeAdmin');
  });
});

describe('newSiteRequestSchema', () => {
  const valid = {
    requestType: 'FirstTime',
    parentLocationId: 5,
    locationId: 5001,
    siteTypeId: 2,
    siteId: 10,
    termsAccepted: true,
    termsVersion: 1,
    dataTreatmentVersion: 1,
    legalRepresentative: { name: 'Ana', lastName: 'Pérez', identificationNumber: '123', gender: 'F', position: 'Alcaldesa', email: 'ana@x.gov.co', phone: '3001234567' },
    webMaster: {
      webMasterName: 'Luis',
      webMasterLastName: 'Gómez',
      webMasterIdentificationNumber: '456',
      webMasterGender: 'M',
      webMasterPosition: 'Ingeniero',
      webMasterEmail: 'luis@x.gov.co',
      webMasterPhone: '3007654321',
    },
    files: ['7f1c2a34-0b4e-4a7a-9c3d-2f1e0d9c8b7a'],
    uploadSession: 'A'.repeat(43),
    captchaId: 'abc',
    reCaptcha: 'XY34K',
  };
  const messages = async (body: unknown) => {
    try {
      await newSiteRequestSchema.validate(body, { abortEarly: false });
      return [];
    } catch (error) {
      return (error as { errors: string[] }).errors;
    }
  };
  it('accepts a complete request', async () => {
    expect(await messages(valid)).toEqual([]);
  });
  it('refuses missing terms, documents, captcha and a bad flow with their messages', async () => {
    const refused = await messages({ ...valid, requestType: 'Otro', termsAccepted: false, files: [], reCaptcha: '' });
    expect(refused).toEqual(
      expect.arrayContaining(['newSite.validation.flow_required', 'newSite.validation.terms_required', 'newSite.validation.files_required', 'validation.login.captcha_required']),
    );
  });
  it('refuses a document sent twice (in any case) and a request without its upload session', async () => {
    const id = '7f1c2a34-0b4e-4a7a-9c3d-2f1e0d9c8b7a';
    expect(await messages({ ...valid, files: [id, id.toUpperCase()] })).toEqual(['newSite.validation.files_repeated']);
    expect(await messages({ ...valid, files: Array(10).fill(id) })).toEqual(['newSite.validation.files_repeated']);
    expect(await messages({ ...valid, uploadSession: undefined })).toEqual(['newSite.server.files_invalid']);
    expect(await messages({ ...valid, uploadSession: 'corta' })).toEqual(['newSite.server.files_invalid']);
  });
  it('draws upload sessions of 32 random bytes in base64url', async () => {
    const { newUploadSession, UPLOAD_SESSION_PATTERN } = await import('./newSiteRequest');
    const drawn = new Set(Array.from({ length: 20 }, () => newUploadSession()));
    expect(drawn.size).toBe(20);
    for (const session of drawn) expect(session).toMatch(UPLOAD_SESSION_PATTERN);
  });
  it('checks the new site data with the site form messages', async () => {
    const refused = await messages({ ...valid, siteId: null, site: { name: 'Ab', allowedUrl: 'no-url', address: '', latitude: 100, longitude: 0 } });
    expect(refused).toEqual(
      expect.arrayContaining(['validation.site.name_length', 'validation.site.url_invalid', 'validation.site.address_required', 'validation.site.latitude_range']),
    );
  });
});

describe('newSiteRequestPayload', () => {
  it('sends the new site only when one is requested, ids as numbers and the documents by id', async () => {
    const { newSiteRequestPayload } = await import('./newSiteRequest');
    const base = { requestType: 'FirstTime' as const, parentLocationId: '5', locationId: '', siteTypeId: 5, files: [{ fileID: 'f1', name: 'a.pdf' }], uploadSession: 'S'.repeat(43), termsAccepted: true, captcha: 'AB' };
    const site = { name: 'Nueva', allowedUrl: 'https://n.gov.co', address: 'Calle 1', latitude: 1, longitude: 2 };
    expect(newSiteRequestPayload({ ...base, siteId: 'new', site }, { terms: 3, dataTreatment: 2 }, 'c1')).toMatchObject({
      parentLocationId: 5,
      locationId: null,
      siteTypeId: 5,
      siteId: null,
      site,
      files: ['f1'],
      uploadSession: 'S'.repeat(43),
      termsVersion: 3,
      dataTreatmentVersion: 2,
      captchaId: 'c1',
      reCaptcha: 'AB',
    });
    expect(newSiteRequestPayload({ ...base, siteId: '12', site }, { terms: 1, dataTreatment: 1 }, 'c1')).toMatchObject({ siteId: 12, site: null });
  });
});
