/** The part of archiver 5 (a dependency of exceljs too) that server/backups/zip.ts and server/exports/xlsxFile.ts use; the package ships no types. */
declare module 'archiver' {
  import type { Readable, Transform } from 'node:stream';

  interface EntryData {
    name: string;
    date?: Date;
  }

  interface Archiver extends Transform {
    append(source: Readable | Buffer | string, data: EntryData): this;
    finalize(): Promise<void>;
    pointer(): number;
  }

  function archiver(format: 'zip', options?: { zlib?: { level?: number }; highWaterMark?: number }): Archiver;
  export = archiver;
}
