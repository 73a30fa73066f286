/** The pure rules of the platform settings (resources/platformSettings.ts): key rules, the allow-list, terms length, colours. */
import { describe, expect, it } from 'vitest';
import { EDITABLE_SETTINGS, govcoColor, isEditableSetting, settingValueError, termsText, visibleLength } from './platformSettings';

describe('generic settings', () => {
  it.each([
    ['UpdateTimeMainUser', '30', null],
    ['UpdateTimeMainUser', ' 45 ', null],
    ['UpdateTimeMainUser', 29, 'validation.settings.days_min'],
    ['UpdateTimeMainUser', '29', 'validation.settings.days_min'],
    ['UpdateTimeMainUser', '30.5', 'validation.settings.days_invalid'],
    ['UpdateTimeMainUser', '-30', 'validation.settings.days_invalid'],
    ['UpdateTimeMainUser', '', 'validation.settings.value_required'],
    ['TicketsEmail', 'soporte@portales.gov.co', null],
    ['TicketsEmail', 'Soporte@Portales.GOV.CO', null],
    ['TicketsEmail', 'soporte@', 'validation.settings.value_invalid'],
    ['TicketsEmail', null, 'validation.settings.value_invalid'],
    ['DropDownListNoticias', '  ', 'validation.settings.value_required'],
    ['Captcha.RequestValue', '0', null],
    ['Captcha.RequestValue', '99', null],
    ['Captcha.RequestValue', '100', 'validation.settings.value_invalid'],
    ['SiteRequest.Terms', 'a'.repeat(600), null],
    ['SiteRequest.Terms', 'a'.repeat(601), 'validation.settings.request_terms_max'],
    ['PQRDS.AvisoPrivacidad', 'a', null],
    ['PQRDS.AvisoPrivacidad', '', 'validation.settings.pqrsd_min'],
    ['PQRDS.AvisoPrivacidad', 'a'.repeat(401), 'validation.settings.pqrsd_max'],
    ['Location.CountryRootId', '170', 'validation.settings.locked'],
    ['Terms.GlobalVersion', '2', 'validation.settings.locked'],
    ['constructor', 'x', 'validation.settings.locked'],
  ])('%s = %j → %s', (key, value, expected) => {
    expect(settingValueError(key, value)).toBe(expected);
  });

  it('allows no internal key', () => {
    for (const key of ['Location.CountryRootId', 'Analytics.DefaultSiteId', 'Terms.GlobalVersion', 'SiteRequest.TermsVersion', 'GOVCO.Background', 'toString']) {
      expect(isEditableSetting(key)).toBe(false);
    }
    expect(Object.keys(EDITABLE_SETTINGS)).toEqual(expect.arrayContaining(['UpdateTimeMainUser', 'TicketsEmail']));
  });
});

describe('terms', () => {
  it.each([
    ['<p>hola</p>', 4],
    ['<p><strong>a</strong> &nbsp; b</p>', 5],
    ['<p></p><br>', 0],
  ])('visible length of %j is %i', (html, length) => {
    expect(visibleLength(html)).toBe(length);
  });

  it.each([
    [undefined, null],
    ['<p></p>', 'validation.terms.required'],
    [`<p>${'a'.repeat(19)}</p>`, 'validation.terms.min'],
    [`<p>${'a'.repeat(20)}</p>`, null],
    [`<h1>${'a'.repeat(4000)}</h1>`, null],
    [`<p>${'a'.repeat(4001)}</p>`, 'validation.terms.max'],
  ])('terms text %#', (value, expected) => {
    const result = (() => {
      try {
        termsText().validateSync(value);
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(result).toBe(expected);
  });
});

describe('GOV.CO colours', () => {
  it.each([
    ['#3366CC', null],
    ['#3366cc', null],
    ['', 'validation.govco.color_required'],
    ['#336', 'validation.govco.color_length'],
    ['#3366CCC', 'validation.govco.color_length'],
    ['#3366CG', 'validation.govco.color_hex'],
    ['3366CCC', 'validation.govco.color_hex'],
  ])('%j → %s', (value, expected) => {
    let message: string | null = null;
    try {
      govcoColor().validateSync(value);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(expected);
  });
});
