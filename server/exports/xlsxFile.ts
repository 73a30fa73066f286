/**
 * An XLSX export as a zip stream (archiver): the fixed parts (server/exports/xlsxParts.ts), then the worksheet read
 * from `sheetChunks` as the zip takes it. Backpressure: the worksheet is a byte stream whose buffer holds one chunk
 * (one batch of rows); the next chunk is asked for only once the zip has taken it, which the zip does only as fast
 * as the client reads. A client that leaves (the answer destroyed) stops the worksheet, which stops the batches.
 */
import { Readable } from 'node:stream';
import archiver from 'archiver';
import { fixedParts, SHEET_PART } from './xlsxParts';

/**
 * Deflate level of the parts: 1 (fastest). 35,000 rows × 12 columns in process: 378–530 ms at level 1 against 549–697 ms
 * at the default 6, for a file of 2.85 MB instead of 2.28 MB (exceljs' was 2.79 MB): docs/decisions/README.md 'XLSX exports
 * written without exceljs'.
 */
export const XLSX_ZLIB_LEVEL = 1;
/** archiver's buffers (its own and its zip stream's; 1 MB each by default): a few deflated chunks, not ~30 batches. */
const ZIP_BUFFER_BYTES = 64 * 1024;

/** The zip of one worksheet named `sheetName` whose XML comes in `sheetChunks`. */
export function xlsxFile(sheetName: string, sheetChunks: AsyncIterable<string>, level = XLSX_ZLIB_LEVEL): Readable {
  const archive = archiver('zip', { zlib: { level }, highWaterMark: ZIP_BUFFER_BYTES });
  // Bytes, not objects: its buffer (16 KB) is full after one batch, so the next one is read only when it is taken.
  const sheet = Readable.from(sheetChunks, { objectMode: false });
  const date = new Date();
  for (const part of fixedParts(sheetName)) archive.append(part.xml, { name: part.name, date });
  archive.append(sheet, { name: SHEET_PART, date });
  // The worksheet failed (a batch could not be read): the file fails, it is not ended as if complete.
  sheet.on('error', (error) => archive.destroy(error));
  // The answer destroyed (the client left) or failed: stop the worksheet, which ends the batches.
  archive.on('close', () => sheet.destroy());
  // Its failures reach the reader of `archive` (an 'error' event); the promise needs no one else to listen.
  archive.finalize().catch(() => {});
  return archive;
}
