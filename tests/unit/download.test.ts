import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from '../../src/shared/download';

describe('fileNameFromDisposition', () => {
  it.each([
    [`attachment; filename="portales-2026-11-23.csv"; filename*=UTF-8''portales-2026-11-23.csv`, 'portales-2026-11-23.csv'],
    [`attachment; filename="auditoria_.xlsx"; filename*=UTF-8''auditor%C3%ADa.xlsx`, 'auditoría.xlsx'],
    ['attachment; filename="solo.csv"', 'solo.csv'],
    ['attachment; filename=sin-comillas.csv', 'sin-comillas.csv'],
    [`attachment; filename="respaldo.csv"; filename*=UTF-8''%E0%A4%A`, 'respaldo.csv'],
    ['attachment', null],
    [null, null],
  ])('%s → %s', (header, name) => {
    expect(fileNameFromDisposition(header)).toBe(name);
  });
});
