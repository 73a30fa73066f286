import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_BUILDERS } from '../../server/loads/examples';
import { readSheetRows } from '../../server/loads/sheet';

// What exceljs' streaming reader uses to list a workbook's parts: unzipper's Parse and exceljs' own stream iterator.
const fromExceljs = createRequire(createRequire(import.meta.url).resolve('exceljs'));
const { Parse } = fromExceljs('unzipper') as { Parse: (options: { forceStream: boolean }) => NodeJS.ReadWriteStream };
const iterateStream = fromExceljs('./lib/utils/iterate-stream') as (stream: NodeJS.ReadableStream) => AsyncIterable<{ path: string; autodrain(): void }>;

describe('reading a workbook (server/loads/sheet.ts, zipEntriesFix.ts)', () => {
  it('lists every part of the file even when reading one part is slow (exceljs parks a worksheet in a file)', async () => {
    const file = await EXAMPLE_BUILDERS['ejemplo-correos.xlsx']();
    const zip = Parse({ forceStream: true });
    Readable.from(file).pipe(zip);
    const paths: string[] = [];
    for await (const entry of iterateStream(zip)) {
      paths.push(entry.path);
      // unzipper reads the rest of the file meanwhile and, unfixed, says 'end' with parts still waiting to be listed.
      if (entry.path === 'xl/worksheets/sheet1.xml') await sleep(50);
      entry.autodrain();
    }
    expect(paths).toContain('xl/workbook.xml');
    expect(paths).toContain('xl/sharedStrings.xml');
    expect(paths).toHaveLength(16);
  });

  it('gives every row of a valid file, many reads at once', async () => {
    const file = await EXAMPLE_BUILDERS['ejemplo-correos.xlsx']();
    const expected = await readSheetRows(Readable.from(file));
    expect(expected.map((row) => row.line)).toEqual([2, 3, 4]);
    const reads = await Promise.allSettled(Array.from({ length: 100 }, () => readSheetRows(Readable.from(file))));
    expect(reads.filter((read) => read.status === 'rejected')).toEqual([]);
    for (const read of reads) expect(read.status === 'fulfilled' && read.value).toEqual(expected);
  });
});
