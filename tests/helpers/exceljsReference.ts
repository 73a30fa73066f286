/**
 * The former XLSX export writer (exceljs' streaming WorkbookWriter with shared frozen styles), kept as the reference:
 * server/exports/xlsxStream.test.ts compares the values read back, bench/xlsxWriter.ts the time.
 */
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ExportCell, ExportColumn } from '../../server/exports/listExport';
import { DATE_FORMAT } from '../../server/exports/xlsxParts';
import { PLATFORM_OFFSET_MS } from '../../server/exports/xlsxSheet';
import { t } from '../../server/i18n';

const XLSX_DATE_STYLE: Partial<ExcelJS.Style> = Object.freeze({ numFmt: DATE_FORMAT });
/** exceljs writes a Date's UTC fields: the instant moved to Colombia's wall time, as the sheets show dates (issue 21). */
const wallTime = (date: Date) => new Date(date.getTime() + PLATFORM_OFFSET_MS);
const XLSX_PLAIN_STYLE: Partial<ExcelJS.Style> = Object.freeze({});

export function exceljsReferenceStream<Row extends Record<string, ExportCell>>(columns: readonly ExportColumn<Row>[], batches: AsyncIterable<readonly Row[]>): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(t('exports.sheet'));
  sheet.columns = columns.map((column) => ({ header: t(column.headerKey), key: column.key, width: column.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  const write = async () => {
    for await (const batch of batches) {
      for (const row of batch) {
        const cells = columns.map((column) => {
          const cell = row[column.key] ?? null;
          return typeof cell === 'boolean' ? t(cell ? 'exports.values.yes' : 'exports.values.no') : cell instanceof Date ? wallTime(cell) : cell;
        });
        const line = sheet.addRow(cells);
        for (let index = 0; index < cells.length; index += 1) line.getCell(index + 1).style = cells[index] instanceof Date ? XLSX_DATE_STYLE : XLSX_PLAIN_STYLE;
        line.commit();
      }
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}
