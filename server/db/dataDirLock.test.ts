import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE, lockState, processIsAlive } from './dataDirLock';

const alive = new Set([100, 200]);
const isAlive = (pid: number) => alive.has(pid);

describe('lockState', () => {
  it.each([
    ['a live other process', '200\n', { kind: 'held', pid: 200 }],
    ['a live other process, without newline', '200', { kind: 'held', pid: 200 }],
    ['a dead process', '300\n', { kind: 'stale', pid: 300 }],
    ['our own PID (a restarted container)', '100\n', { kind: 'stale', pid: 100 }],
    ['an empty file', '', { kind: 'stale', pid: null }],
    ['garbage', 'no es un pid', { kind: 'stale', pid: null }],
    ['a vanished file', null, { kind: 'stale', pid: null }],
  ])('%s', (_case, content, expected) => {
    expect(lockState(content, 100, isAlive)).toEqual(expected);
  });
});

describe('processIsAlive', () => {
  it('knows this process is alive and an unused PID is not', () => {
    expect(processIsAlive(process.pid)).toBe(true);
    expect(processIsAlive(2 ** 22 + 12345)).toBe(false);
  });
});

describe('acquireDataDirLock', () => {
  let dir: string;
  beforeEach(() => {
    dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portales-lock-')), 'datos');
  });
  afterEach(() => fs.rmSync(path.dirname(dir), { recursive: true, force: true }));
  const file = () => path.join(dir, LOCK_FILE);

  it('creates the folder and a lock holding the PID, and releases it', () => {
    const lock = acquireDataDirLock(dir, { pid: 100, isAlive });
    expect(fs.readFileSync(file(), 'utf8')).toBe('100\n');
    expect(fs.readdirSync(dir)).toEqual([LOCK_FILE]);
    lock.release();
    lock.release();
    expect(fs.existsSync(file())).toBe(false);
  });

  it('refuses while a live server holds it, in Spanish, and leaves its lock alone', () => {
    const held = acquireDataDirLock(dir, { pid: 200, isAlive });
    let refusal: unknown;
    try {
      acquireDataDirLock(dir, { pid: 100, isAlive });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect((refusal as DataDirLockedError).pid).toBe(200);
    expect((refusal as Error).message).toBe(
      `Otro servidor (PID 200) ya usa la carpeta de datos ${dir}: deténgalo o use otro DATA_DIR. ` +
        `Si ese proceso no es un servidor de Portales, borre ${file()} y vuelva a iniciar.`,
    );
    expect(fs.readFileSync(file(), 'utf8')).toBe('200\n');
    held.release();
  });

  it('takes over a lock whose holder is dead, saying so', () => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(file(), '300\n');
    const lines: string[] = [];
    const lock = acquireDataDirLock(dir, { pid: 100, isAlive, log: (line) => lines.push(line) });
    expect(fs.readFileSync(file(), 'utf8')).toBe('100\n');
    expect(lines).toEqual([`Se retomó el bloqueo abandonado de la carpeta de datos ${dir} (el proceso 300 ya no existe).`]);
    lock.release();
  });

  it('does not remove a lock another server took after it', () => {
    const lock = acquireDataDirLock(dir, { pid: 100, isAlive });
    fs.writeFileSync(file(), '200\n');
    lock.release();
    expect(fs.readFileSync(file(), 'utf8')).toBe('200\n');
  });
});
