/**
 * exceljs' streaming reader (4.4, the last release) lists a workbook's parts with unzipper's `Parse`, which emits
 * 'end' as soon as its input is written, while parts it has already read may still wait in its buffer. When reading
 * a part is slow (exceljs parks a worksheet in a temporary file until the shared strings arrive), the listing then
 * stops early, `xl/workbook.xml` is never seen and a valid file reads as unreadable (seen in CI under load). Here a
 * Parse stream emits 'end' and 'close' only once its readable side has truly ended; the test beside the loads reads
 * the example files many times at once.
 */
import { createRequire } from 'node:module';
import type { EventEmitter } from 'node:events';

const requireFromExceljs = createRequire(createRequire(import.meta.url).resolve('exceljs'));
const Parse = requireFromExceljs('unzipper').Parse as { prototype: EventEmitter & { _readableState?: { endEmitted?: boolean } } };
const emit = Parse.prototype.emit;
Parse.prototype.emit = function emitOnceEnded(this: typeof Parse.prototype, event: string | symbol, ...args: unknown[]): boolean {
  if ((event === 'end' || event === 'close') && this._readableState && !this._readableState.endEmitted) return false;
  return emit.call(this, event, ...args);
};
