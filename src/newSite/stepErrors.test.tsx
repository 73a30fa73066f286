import { describe, expect, it } from 'vitest';
import { stepErrors } from './stepErrors';

const context = { sites: [{ id: 1, name: 'Alcaldía', installed: false, pendingRequest: false }], orderType: 1, uploading: 0 };

describe('stepErrors', () => {
  it('step 1 needs the flow, the place, the type and a site', () => {
    expect(stepErrors('site', {}, context)).toMatchObject({
      requestType: 'newSite.validation.flow_required',
      parentLocationId: 'validation.site.department_required',
      siteTypeId: 'validation.site.site_type_required',
    });
    const chosen = { requestType: 'FirstTime' as const, parentLocationId: 5, siteTypeId: 2 };
    expect(stepErrors('site', chosen, context)).toEqual({ locationId: 'validation.site.municipality_required' });
    expect(stepErrors('site', { ...chosen, locationId: 5001 }, context)).toEqual({ siteId: 'newSite.validation.site_required' });
    expect(stepErrors('site', { ...chosen, locationId: 5001, siteId: 1 }, context)).toEqual({});
    expect(stepErrors('site', { ...chosen, requestType: 'ChangeAdmin', locationId: 5001, siteId: 1 }, context)).toEqual({
      siteId: 'newSite.rules.change_admin_without_sites',
    });
  });

  it('step 4 waits for uploads and needs a document and the terms', () => {
    const webMaster = {
      webMasterName: 'Luis',
      webMasterLastName: 'Gómez',
      webMasterIdentificationNumber: '1',
      webMasterGender: 'M',
      webMasterPosition: 'Ingeniero',
      webMasterEmail: 'l@x.co',
      webMasterPhone: '1',
    };
    expect(stepErrors('webMaster', { webMaster }, { ...context, uploading: 1 })).toEqual({
      files: 'newSite.files.wait',
      termsAccepted: 'newSite.validation.terms_required',
    });
    expect(stepErrors('webMaster', { webMaster, files: [], termsAccepted: true }, context)).toEqual({ files: 'newSite.validation.files_required' });
    expect(stepErrors('webMaster', { webMaster: {}, files: [{ fileID: 'a', name: 'a.pdf' }], termsAccepted: true }, context)).toHaveProperty(
      'webMaster.webMasterName',
      'newSite.validation.name_required',
    );
  });

  it('step 2 prefixes the site form messages and step 5 needs the captcha', () => {
    expect(stepErrors('newSite', { site: { name: '' } }, context)).toHaveProperty('site.name', 'validation.site.name_required');
    expect(stepErrors('submit', { captcha: ' ' }, context)).toEqual({ captcha: 'validation.login.captcha_required' });
  });
});
