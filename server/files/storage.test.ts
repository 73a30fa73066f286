import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { assertStorageKey, LocalFileStorage, sweepPartial } from './storage';

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

  it('finds and sweeps partial writes by age and key prefix, never a live put', async () => {
    const sweeper = new LocalFileStorage(path.join(root, 'sweep'));
    const partial = (key: string, minutesAgo: number) => {
      const file = path.join(sweeper.root, ...`${key}.${randomUUID()}.part`.split('/'));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'medio');
      const when = new Date(Date.now() - minutesAgo * 60_000);
      fs.utimesSync(file, when, when);
      return path.relative(sweeper.root, file).split(path.sep).join('/');
    };
    const oldZip = partial('backups/7.zip', 120);
    partial('backups/70.zip', 120);
    const oldUpload = partial('uploads/x.pdf', 90);
    partial('uploads/y.pdf', 1);
    await sweeper.put('backups/7.zip', Buffer.from('completo'));
    // A put under way: its partial file exists until its source ends.
    const source = new PassThrough();
    const live = sweeper.put('backups/8.zip', source);
    source.write('empezado');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const hourAgo = new Date(Date.now() - 60 * 60_000);

    const listed = await sweeper.listPartial({ olderThan: hourAgo });
    expect(listed.map((found) => found.key).sort()).toEqual(['backups/7.zip', 'backups/70.zip', 'uploads/x.pdf']);
    expect(listed.find((found) => found.id === oldZip)).toMatchObject({ key: 'backups/7.zip', size: 5 });
    expect((await sweeper.listPartial({ olderThan: hourAgo, prefix: 'backups/7.zip' })).map((found) => found.id)).toEqual([oldZip]);

    expect(await sweepPartial(sweeper, { olderThan: hourAgo, prefix: 'uploads/' })).toEqual(['uploads/x.pdf']);
    expect(fs.existsSync(path.join(sweeper.root, oldUpload))).toBe(false);
    expect((await sweepPartial(sweeper, { olderThan: hourAgo })).sort()).toEqual(['backups/7.zip', 'backups/70.zip']);
    // What is left: the recent partial upload and the live put's file; the finished object is untouched.
    expect((await sweeper.listPartial({ olderThan: new Date(Date.now() + 60_000) })).map((found) => found.key).sort()).toEqual(['backups/8.zip', 'uploads/y.pdf']);
    expect(await text(await sweeper.get('backups/7.zip'))).toBe('completo');
    source.end('terminado');
    await live;
    expect(await text(await sweeper.get('backups/8.zip'))).toBe('empezadoterminado');
    await expect(sweeper.deletePartial('backups/7.zip')).rejects.toThrow();
  });
});
