/**
 * The example files of the loads (spec 03 §2: /content/files/ejemplo-correos.xlsx, ejemplo-gobierno-digital.xlsx,
 * ejemplo-poblacion.xlsx), built with exceljs in the columns the loads read (server/loads/rows.ts). Written into
 * public/content/files/ by `node --import tsx server/loads/writeExampleFiles.ts`; the build copies them and the
 * server serves them beside the admin.
 */
import ExcelJS from 'exceljs';
import { t } from '../i18n';

type ExampleRow = (string | number | Date | null)[];

async function workbook(sheetKey: string, columnKeys: readonly string[], rows: readonly ExampleRow[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'portales-admin';
  // A fixed date: the same rows make the same file.
  book.created = book.modified = new Date(Date.UTC(2024, 0, 1));
  const sheet = book.addWorksheet(t(sheetKey));
  sheet.columns = columnKeys.map((key) => ({ header: t(`loads.columns.${key}`), key, width: Math.max(16, t(`loads.columns.${key}`).length + 4) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  // DANE codes keep their leading zero as text.
  if (columnKeys[0] === 'dane_code') sheet.getColumn(1).numFmt = '@';
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const EXAMPLE_BUILDERS = {
  'ejemplo-poblacion.xlsx': () =>
    workbook('loads.sheets.population', ['dane_code', 'population'], [
      ['05001', 2_573_220],
      ['11001', 7_907_281],
      ['76001', 2_283_846],
    ]),
  'ejemplo-correos.xlsx': () =>
    workbook('loads.sheets.emails', ['site_id', 'email', 'last_login'], [
      [1, 'contactenos@entidad.gov.co', '2024-05-20'],
      [1, 'notificacionesjudiciales@entidad.gov.co', null],
      [2, 'despacho@entidad.gov.co', '2024-06-02'],
    ]),
  'ejemplo-gobierno-digital.xlsx': () =>
    workbook('loads.sheets.gov_index', ['site_id', 'index1', 'index2', 'index3', 'index4'], [
      [1, 72.5, 80, 65.3, 90],
      [2, 55, 61.2, 70, 48.9],
    ]),
} as const;

export type ExampleFileName = keyof typeof EXAMPLE_BUILDERS;
