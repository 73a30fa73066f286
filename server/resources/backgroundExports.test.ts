import { describe, expect, it } from 'vitest';
import { BACKGROUND_EXPORT_FILE, backgroundExportFileName } from './backgroundExports';

describe('background export file names', () => {
  it('are ASCII, lower case, dated and random, and pass the download check', () => {
    const name = backgroundExportFileName('Usuarios de sitio', 'csv', new Date('2026-11-23T10:00:00Z'), 'a1b2c3');
    expect(name).toBe('usuarios-de-sitio-2026-11-23-a1b2c3.csv');
    expect(BACKGROUND_EXPORT_FILE.test(name)).toBe(true);
    expect(backgroundExportFileName('Información', 'csv', new Date('2026-01-02T00:00:00Z'), 'ff')).toBe('informacion-2026-01-02-ff.csv');
    expect(backgroundExportFileName('¿?', 'csv', new Date('2026-01-02T00:00:00Z'), 'ff')).toBe('exportacion-2026-01-02-ff.csv');
  });

  it.each(['../uploads/x.csv', 'exports/x.csv', 'X.csv', 'x.exe', '.csv', 'x.csv/..', `${'a'.repeat(200)}.csv`])('refuses %s', (name) => {
    expect(BACKGROUND_EXPORT_FILE.test(name)).toBe(false);
  });
});
