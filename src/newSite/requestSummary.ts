/**
 * What the confirmation step shows before sending (issue 21): everything entered, section by section — the entity
 * (flow, place, type, the chosen site or the new site's data), both people and the documents. Pure: the labels are
 * i18n keys, the values as typed (or the names of what was chosen); empty optional fields are left out.
 */
import { activeSteps, type SiteChoice, type WizardSite, type WizardStep, type WizardValues } from '../../resources/newSiteRequest';
import { PROFILE_FIELDS, profileFieldName, type ProfileKind } from '../../resources/requestProfile';

export interface SummaryRow {
  /** An i18n key. */
  label: string;
  value: string;
  /** The value is an i18n key too (the flow, the gender). */
  translate?: boolean;
}

export interface SummarySection {
  /** The step where the data was entered (its title names the section; 'Corregir' goes back to it). */
  step: WizardStep;
  rows: SummaryRow[];
  /** The documents' names (webmaster step). */
  documents?: string[];
}

/** Names of what step 1 offered, for the ids the form holds. */
export interface SummaryNames {
  department: string | null;
  municipality: string | null;
  siteType: string | null;
  sites: readonly WizardSite[];
}

const filled = (value: unknown): string => (value === null || value === undefined ? '' : String(value).trim());

function rows(entries: Array<SummaryRow | null>): SummaryRow[] {
  return entries.filter((row): row is SummaryRow => row !== null && row.value !== '');
}

function profileRows(kind: ProfileKind, profile: Record<string, unknown> | undefined): SummaryRow[] {
  return rows(
    PROFILE_FIELDS.map((field) => {
      const value = filled(profile?.[profileFieldName(kind, field)]);
      if (field === 'gender') return value ? { label: 'newSite.fields.profile.gender', value: `newSite.fields.gender.${value}`, translate: true } : null;
      return { label: `newSite.fields.profile.${field}`, value };
    }),
  );
}

export function requestSummary(values: WizardValues, choice: SiteChoice, names: SummaryNames): SummarySection[] {
  const site = values.site ?? {};
  const chosen = typeof choice === 'number' ? names.sites.find((candidate) => candidate.id === choice)?.name ?? '' : '';
  const sections: SummarySection[] = [
    {
      step: 'site',
      rows: rows([
        values.requestType ? { label: 'newSite.fields.requestType', value: `newSite.flows.${values.requestType}`, translate: true } : null,
        { label: 'newSite.fields.parentLocationId', value: filled(names.department) },
        { label: 'newSite.fields.locationId', value: filled(names.municipality) },
        { label: 'newSite.fields.siteTypeId', value: filled(names.siteType) },
        choice === 'new' ? null : { label: 'newSite.fields.siteId', value: chosen },
      ]),
    },
  ];
  if (choice === 'new') {
    sections.push({
      step: 'newSite',
      rows: rows([
        { label: 'newSite.fields.name', value: filled(site.name) },
        { label: 'newSite.fields.allowedUrl', value: filled(site.allowedUrl) },
        { label: 'newSite.fields.address', value: filled(site.address) },
        { label: 'newSite.fields.latitude', value: filled(site.latitude) },
        { label: 'newSite.fields.longitude', value: filled(site.longitude) },
      ]),
    });
  }
  sections.push({ step: 'legalRepresentative', rows: profileRows('legalRepresentative', values.legalRepresentative) });
  sections.push({ step: 'webMaster', rows: profileRows('webMaster', values.webMaster), documents: (values.files ?? []).map((file) => file.name) });
  // The sections follow the steps shown (step 2 only for a new site).
  const steps = activeSteps(choice);
  return sections.filter((section) => steps.includes(section.step));
}
