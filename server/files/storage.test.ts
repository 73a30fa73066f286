import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { assertStorageKey, LocalFileStorage } from './storage';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portales-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function text(stream: Readable | null): Promise<string | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('assertStorageKey', () => {
  it.each(['2025/01/abc.pdf', 'a', 'x/y-z_1.png'])('accepts %j', (key) => {
    expect(() => assertStorageKey(key)).not.toThrow();
  });
  it.each(['../x', 'a/../../x', '/abs', 'a//b', 'A.pdf', 'a/.hidden', '', 'a\\b', 'a/./b', 'a/'])('refuses %j', (key) => {
    expect(() => assertStorageKey(key)).toThrow();
  });
});

describe('LocalFileStorage', () => {
  const storage = new LocalFileStorage(root);

  it('puts from a buffer or a stream, reads, stats, replaces and deletes', async () => {
    await storage.put('2025/01/a.txt', Buffer.from('hola'));
    expect(await text(await storage.get('2025/01/a.txt'))).toBe('hola');
    expect(await storage.stat('2025/01/a.txt')).toEqual({ size: 4 });
    await storage.put('2025/01/a.txt', Readable.from([Buffer.from('adiós')]));
    expect(await text(await storage.get('2025/01/a.txt'))).toBe('adiós');
    await storage.delete('2025/01/a.txt');
    await storage.delete('2025/01/a.txt');
    expect(await storage.get('2025/01/a.txt')).toBeNull();
    expect(await storage.stat('2025/01/a.txt')).toBeNull();
  });

  it('leaves nothing behind when the source fails', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('corte'));
      },
    });
    await expect(storage.put('2025/02/b.txt', failing)).rejects.toThrow('corte');
    expect(fs.readdirSync(path.join(root, '2025', '02'))).toEqual([]);
  });
});
