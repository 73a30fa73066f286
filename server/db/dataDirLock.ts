/**
 * One server per embedded data folder (issue 5): two servers on one PGlite folder each work on their own
 * copy and one's writes are silently lost. The server holding DATA_DIR keeps its PID in DATA_DIR/server.lock;
 * another one refuses to start while that process is alive, and takes over a lock its dead holder left.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { t } from '../i18n';

export const LOCK_FILE = 'server.lock';

export type LockState = { kind: 'held'; pid: number } | { kind: 'stale'; pid: number | null };

/**
 * What an existing lock file means. Stale: unreadable, its PID is dead, or its PID is our own (a restarted
 * container reuses the PID of the run that left the file).
 */
export function lockState(content: string | null, ownPid: number, isAlive: (pid: number) => boolean): LockState {
  const match = content === null ? null : /^\s*(\d+)\s*$/.exec(content);
  if (!match) return { kind: 'stale', pid: null };
  const pid = Number(match[1]);
  if (pid === ownPid || !isAlive(pid)) return { kind: 'stale', pid };
  return { kind: 'held', pid };
}

/** Signal 0 checks a process exists; EPERM means it exists under another user. */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DataDirLockedError extends Error {
  constructor(
    public readonly pid: number,
    dir: string,
    file: string,
  ) {
    super(t('serverStartup.data_dir_locked', { pid, dir, file }));
  }
}

export interface DataDirLock {
  file: string;
  /** Removes the lock if it is still ours; safe to call more than once. */
  release(): void;
}

function readOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** Creates `file` holding `content`, atomically (a hard link of a complete file): false when it exists. */
function createExclusive(file: string, content: string): boolean {
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(temporary, content);
  try {
    fs.linkSync(temporary, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
    // A file system without hard links: exclusive creation, then the content.
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, content);
      fs.closeSync(fd);
      return true;
    } catch (fallbackError) {
      if ((fallbackError as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw fallbackError;
    }
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

export interface AcquireOptions {
  pid?: number;
  isAlive?: (pid: number) => boolean;
  /** Told when a stale lock is taken over. */
  log?: (line: string) => void;
}

/** Takes DATA_DIR/server.lock for this process, or throws DataDirLockedError naming the live holder. */
export function acquireDataDirLock(dataDir: string, options: AcquireOptions = {}): DataDirLock {
  const pid = options.pid ?? process.pid;
  const isAlive = options.isAlive ?? processIsAlive;
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (createExclusive(file, `${pid}\n`)) {
      return {
        file,
        release() {
          if (readOrNull(file)?.trim() === String(pid)) fs.rmSync(file, { force: true });
        },
      };
    }
    const state = lockState(readOrNull(file), pid, isAlive);
    if (state.kind === 'held') throw new DataDirLockedError(state.pid, dataDir, file);
    options.log?.(t('serverStartup.stale_lock', { dir: dataDir, pid: state.pid ?? '?' }));
    fs.rmSync(file, { force: true });
  }
  // Only when other servers keep creating and abandoning the lock at the same moment.
  const holder = lockState(readOrNull(file), pid, isAlive);
  throw new DataDirLockedError(holder.pid ?? 0, dataDir, file);
}
