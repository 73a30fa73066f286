/**
 * PGlite decodes the text of each answer with a TextDecoder of its own, made once when the database opens, that drops
 * a BOM starting a value (the WHATWG default, `ignoreBOM: false`): `'\uFEFFana'` came back as `'ana'` where PostgreSQL
 * answers it whole. `keepingBom` opens the database with every TextDecoder made meanwhile keeping the BOM, so a value
 * reads back as it was stored on both databases (an export writes it as it is: tests/api/exports.test.ts); the global
 * is restored once the database is open.
 */
export async function keepingBom<T>(open: () => Promise<T>): Promise<T> {
  const Decoder = globalThis.TextDecoder;
  globalThis.TextDecoder = class extends Decoder {
    constructor(label?: string, options?: TextDecoderOptions) {
      super(label, { ...options, ignoreBOM: true });
    }
  } as typeof TextDecoder;
  try {
    return await open();
  } finally {
    globalThis.TextDecoder = Decoder;
  }
}
