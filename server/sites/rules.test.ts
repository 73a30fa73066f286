import { describe, expect, it } from 'vitest';
import { slugify } from './alias';
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
