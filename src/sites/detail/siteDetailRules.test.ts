import { describe, expect, it } from 'vitest';
import { detailOptionsFor, detailTabsFor, isValidReason, remainingCharacters } from './siteDetailRules';

describe('detailTabsFor', () => {
  it.each([
    [['Sites'], ['info', 'requests', 'history', 'comments', 'administrators'], 'info'],
    [['Sites', 'Impersonate'], ['info', 'requests', 'history', 'comments', 'administrators'], 'info'],
    [['Impersonate'], ['administrators', 'info'], 'administrators'],
  ])('%j sees %j and opens on %s', (held, tabs, initial) => {
    expect(detailTabsFor(held)).toEqual({ tabs, initial });
  });
});

describe('detailOptionsFor', () => {
  const active = { id: 1, installed: true, statusId: 1 };
  const inactive = { id: 2, installed: true, statusId: 2 };
  const notInstalled = { id: 3, installed: false, statusId: 2 };
  it.each([
    [active, ['Sites'], ['edit', 'disable', 'backup', 'delete']],
    [inactive, ['Sites'], ['edit', 'enable', 'backup', 'delete']],
    [notInstalled, ['Sites'], ['edit', 'backup', 'delete']],
    [active, ['Impersonate'], ['impersonate']],
    [inactive, ['Impersonate'], []],
    [notInstalled, ['Sites', 'Impersonate'], ['edit', 'backup', 'delete']],
    [active, ['Sites', 'Impersonate'], ['edit', 'disable', 'backup', 'delete', 'impersonate']],
    [active, ['Reports'], []],
  ])('%j with %j offers %j', (site, held, options) => {
    expect(detailOptionsFor(site, held)).toEqual(options);
  });
});

describe('annotation counter and reason', () => {
  it('counts the characters left of 540', () => {
    expect(remainingCharacters('')).toBe(540);
    expect(remainingCharacters('x'.repeat(540))).toBe(0);
    expect(remainingCharacters('x'.repeat(541))).toBe(-1);
  });
  it('accepts a reason of 10 to 500 characters once trimmed', () => {
    expect(isValidReason('   corto   ')).toBe(false);
    expect(isValidReason('Soporte 1234')).toBe(true);
    expect(isValidReason('x'.repeat(501))).toBe(false);
  });
});
