import { describe, expect, it } from 'vitest';
import { allowedUrlsValid, domainKey, domainKeys, splitAllowedUrls } from '../../resources/siteRules';
import { slugify } from './alias';
import { aliasChangeRefused, municipalityInDepartment, orderTypeToStore, statusChangeRefusal } from './formRules';
import { orderTypeForSiteType } from './orderType';
import { isActive, statusNameKey } from './status';

describe('site rules', () => {
  it('derives the order type from the entity type', () => {
    expect([1, 2, 3, 4, 5, 9].map(orderTypeForSiteType)).toEqual([0, 1, 0, 1, null, null]);
  });

  it('calls a site active only when installed with status 1', () => {
    expect(isActive({ statusId: 1, installed: true })).toBe(true);
    expect(isActive({ statusId: 1, installed: false })).toBe(false);
    expect(statusNameKey({ statusId: 2, installed: true })).toBe('sites.server.status.inactive');
    expect(statusNameKey({ statusId: 1, installed: true })).toBe('sites.server.status.active');
  });

  it('makes ascii slugs', () => {
    expect(slugify('Bogotá, D.C.')).toBe('bogota-d-c');
    expect(slugify('  San Andrés de Cuerquía ')).toBe('san-andres-de-cuerquia');
  });
});

describe('site form rules', () => {
  it('stores the entity type order for types 1 to 4 and the chosen one otherwise', () => {
    expect(orderTypeToStore(1, 1)).toBe(0);
    expect(orderTypeToStore(3, undefined)).toBe(0);
    expect(orderTypeToStore(2, 0)).toBe(1);
    expect(orderTypeToStore(4, null)).toBe(1);
    expect(orderTypeToStore(5, 1)).toBe(1);
    expect(orderTypeToStore(5, undefined)).toBeNull();
  });

  it('locks the alias of an installed site only', () => {
    expect(aliasChangeRefused({ installed: true, alias: 'cali' }, 'cali-2')).toBe(true);
    expect(aliasChangeRefused({ installed: true, alias: 'cali' }, 'CALI')).toBe(false);
    expect(aliasChangeRefused({ installed: true, alias: 'cali' }, undefined)).toBe(false);
    expect(aliasChangeRefused({ installed: false, alias: 'cali' }, 'cali-2')).toBe(false);
    expect(aliasChangeRefused(null, 'cali')).toBe(false);
  });

  it('wants the municipality under the department', () => {
    expect(municipalityInDepartment({ parentLocationId: 5 }, 5)).toBe(true);
    expect(municipalityInDepartment({ parentLocationId: 8 }, 5)).toBe(false);
    expect(municipalityInDepartment(null, 5)).toBe(false);
  });

  it('changes the status of installed sites only, and only to the other status', () => {
    expect(statusChangeRefusal({ installed: true, statusId: 2 }, 1)).toBeNull();
    expect(statusChangeRefusal({ installed: true, statusId: 1 }, 2)).toBeNull();
    expect(statusChangeRefusal({ installed: true, statusId: 1 }, 1)).toBe('sites.server.already_active');
    expect(statusChangeRefusal({ installed: true, statusId: 2 }, 2)).toBe('sites.server.already_inactive');
    expect(statusChangeRefusal({ installed: false, statusId: 2 }, 1)).toBe('sites.server.not_installed');
  });
});

describe('allowed domains', () => {
  it('keys a domain by its host, without www., case, port or path', () => {
    expect(domainKey('https://WWW.Cali.gov.co/inicio')).toBe('cali.gov.co');
    expect(domainKey('http://cali.gov.co:8080')).toBe('cali.gov.co');
    expect(domainKey('ftp://cali.gov.co')).toBeNull();
    expect(domainKey('cali.gov.co')).toBeNull();
  });

  it('reads a comma list of full URLs', () => {
    expect(splitAllowedUrls(' https://a.gov.co , https://b.gov.co,')).toEqual(['https://a.gov.co', 'https://b.gov.co']);
    expect(domainKeys('https://www.a.gov.co,https://a.gov.co,https://b.gov.co')).toEqual(['a.gov.co', 'b.gov.co']);
    expect(allowedUrlsValid('https://a.gov.co,http://b.gov.co')).toBe(true);
    expect(allowedUrlsValid('https://a.gov.co,b.gov.co')).toBe(false);
    expect(allowedUrlsValid('')).toBe(false);
  });
});
