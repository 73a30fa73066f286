import { describe, expect, it } from 'vitest';
import type { WizardValues } from '../../resources/newSiteRequest';
import { requestSummary, type SummaryNames } from './requestSummary';

const NAMES: SummaryNames = {
  department: 'Antioquia',
  municipality: 'Abejorral',
  siteType: 'Alcaldía',
  sites: [{ id: 13, name: 'Alcaldía de Alejandría', installed: false, pendingRequest: false }],
};

const VALUES: WizardValues = {
  requestType: 'FirstTime',
  parentLocationId: 5,
  locationId: 5002,
  siteTypeId: 2,
  siteId: 13,
  site: { name: 'Ignorado', allowedUrl: '', address: '', latitude: null, longitude: null },
  legalRepresentative: { name: 'Ana', name2: '', lastName: 'Pérez', identificationNumber: '52123456', gender: 'F', position: 'Alcaldesa', email: 'ana@abejorral.gov.co', phone: '3001234567', phone2: ' ' },
  webMaster: { webMasterName: 'Luis', webMasterLastName: 'Gómez', webMasterIdentificationNumber: '80123456', webMasterGender: 'M', webMasterPosition: 'Ingeniero', webMasterEmail: 'luis@abejorral.gov.co', webMasterPhone: '3007654321' },
  files: [
    { fileID: 'a', name: 'acta.pdf' },
    { fileID: 'b', name: 'cedula.jpg' },
  ],
  termsAccepted: true,
  captcha: 'ABCDE',
};

const asPairs = (rows: Array<{ label: string; value: string }>) => rows.map((row) => [row.label, row.value]);

describe('requestSummary', () => {
  it('an existing entity: the names chosen, both people as typed (empty fields left out) and the documents', () => {
    const sections = requestSummary(VALUES, 13, NAMES);
    expect(sections.map((section) => section.step)).toEqual(['site', 'legalRepresentative', 'webMaster']);
    expect(asPairs(sections[0]!.rows)).toEqual([
      ['newSite.fields.requestType', 'newSite.flows.FirstTime'],
      ['newSite.fields.parentLocationId', 'Antioquia'],
      ['newSite.fields.locationId', 'Abejorral'],
      ['newSite.fields.siteTypeId', 'Alcaldía'],
      ['newSite.fields.siteId', 'Alcaldía de Alejandría'],
    ]);
    expect(asPairs(sections[1]!.rows)).toEqual([
      ['newSite.fields.profile.name', 'Ana'],
      ['newSite.fields.profile.lastName', 'Pérez'],
      ['newSite.fields.profile.identificationNumber', '52123456'],
      ['newSite.fields.profile.gender', 'newSite.fields.gender.F'],
      ['newSite.fields.profile.position', 'Alcaldesa'],
      ['newSite.fields.profile.email', 'ana@abejorral.gov.co'],
      ['newSite.fields.profile.phone', '3001234567'],
    ]);
    expect(sections[2]!.rows.map((row) => row.value)).toEqual(['Luis', 'Gómez', '80123456', 'newSite.fields.gender.M', 'Ingeniero', 'luis@abejorral.gov.co', '3007654321']);
    expect(sections[2]!.documents).toEqual(['acta.pdf', 'cedula.jpg']);
    // The captcha and the terms are not data to check: not in the summary.
    expect(JSON.stringify(sections)).not.toContain('ABCDE');
  });

  it('a new site: its data in a section of its own, no entity chosen from the list', () => {
    const values: WizardValues = {
      ...VALUES,
      siteId: 'new',
      site: { name: 'Empresa de Desarrollo Urbano', allowedUrl: 'https://edu.gov.co', address: 'Carrera 49 # 44-94', latitude: 6.2442, longitude: -75.5812 },
    };
    const sections = requestSummary(values, 'new', { ...NAMES, municipality: null, siteType: 'Otras entidades', sites: [] });
    expect(sections.map((section) => section.step)).toEqual(['site', 'newSite', 'legalRepresentative', 'webMaster']);
    expect(sections[0]!.rows.map((row) => row.label)).toEqual(['newSite.fields.requestType', 'newSite.fields.parentLocationId', 'newSite.fields.siteTypeId']);
    expect(asPairs(sections[1]!.rows)).toEqual([
      ['newSite.fields.name', 'Empresa de Desarrollo Urbano'],
      ['newSite.fields.allowedUrl', 'https://edu.gov.co'],
      ['newSite.fields.address', 'Carrera 49 # 44-94'],
      ['newSite.fields.latitude', '6.2442'],
      ['newSite.fields.longitude', '-75.5812'],
    ]);
  });

  it('no documents yet: an empty list, shown as such', () => {
    const sections = requestSummary({ ...VALUES, files: undefined }, 13, NAMES);
    expect(sections.at(-1)!.documents).toEqual([]);
  });
});
