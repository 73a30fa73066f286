/**
 * Whether a step of the wizard may go on: its values checked with the shared schemas (resources/newSiteRequest.ts,
 * resources/requestProfile.ts), answered as form paths → i18n keys for react-hook-form's setError.
 */
import { ValidationError, type AnySchema } from 'yup';
import { flowProblem, newSiteDataSchema, REQUEST_FILES, siteStepSchema, type RequestFlow, type WizardSite, type WizardStep, type WizardValues } from '../../resources/newSiteRequest';
import { legalRepresentativeSchema, webMasterSchema } from '../../resources/requestProfile';

export interface StepContext {
  sites: readonly WizardSite[];
  /** The chosen entity type's order: 0 departmental (no municipality), 1 municipal (municipality required), null either. */
  orderType: number | null;
  /** Documents still uploading. */
  uploading: number;
}

function errorsOf(schema: AnySchema, value: unknown, prefix = ''): Record<string, string> {
  try {
    schema.validateSync(value ?? {}, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const out: Record<string, string> = {};
    for (const failure of error.inner.length ? error.inner : [error]) {
      const path = `${prefix}${failure.path ?? ''}`;
      out[path] ??= String(failure.message);
    }
    return out;
  }
}

export function stepErrors(step: WizardStep, values: WizardValues, context: StepContext): Record<string, string> {
  switch (step) {
    case 'site': {
      const errors = errorsOf(siteStepSchema.omit(['siteId']), values);
      if (context.orderType === 1 && !values.locationId) errors.locationId ??= 'validation.site.municipality_required';
      if (Object.keys(errors).length) return errors;
      const problem = flowProblem(values.requestType as RequestFlow, Number(values.siteTypeId), context.sites);
      if (problem) return { siteId: problem };
      if (values.siteId === null || values.siteId === undefined || values.siteId === '') return { siteId: 'newSite.validation.site_required' };
      return {};
    }
    case 'newSite':
      return errorsOf(newSiteDataSchema, values.site, 'site.');
    case 'legalRepresentative':
      return errorsOf(legalRepresentativeSchema, values.legalRepresentative, 'legalRepresentative.');
    case 'webMaster': {
      const errors = errorsOf(webMasterSchema, values.webMaster, 'webMaster.');
      if (context.uploading > 0) errors.files = 'newSite.files.wait';
      else if ((values.files ?? []).length < REQUEST_FILES.min) errors.files = 'newSite.validation.files_required';
      else if ((values.files ?? []).length > REQUEST_FILES.max) errors.files = 'newSite.validation.files_too_many';
      if (values.termsAccepted !== true) errors.termsAccepted = 'newSite.validation.terms_required';
      return errors;
    }
    case 'submit':
      return values.captcha?.trim() ? {} : { captcha: 'validation.login.captcha_required' };
  }
}
