/**
 * One server per embedded data folder (issue 5): `npm start`'s own entry point, run twice on one DATA_DIR.
 * SERVE_ADMIN=0 serves the API only, so no admin build is needed. The folder starts as a copy of the run's seeded
 * reference database (what this config's first start would have seeded), so no server seeds it.
 * Embedded database only (DATABASE_URL is emptied): the same in the runner's PGlite and PostgreSQL passes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readConfig } from '../../server/config';
import { restorePgliteTemplate, seedFingerprint, TEST_ENV } from '../helpers/databaseTemplates';

const root = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
const started: ChildProcess[] = [];
/** The servers' settings and superadmin: those of the run's templates. */
const seedEnv = { ADMIN_EMAIL: TEST_ENV.ADMIN_EMAIL!, ADMIN_PASSWORD: TEST_ENV.ADMIN_PASSWORD!, CAPTCHA_REQUEST_VALUE: TEST_ENV.CAPTCHA_REQUEST_VALUE! };

interface Server {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function start(): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      SERVE_ADMIN: '0',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      ...seedEnv,
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Resolves once the server says it listens; fails with its output if it exits first. */
async function listening(server: Server): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (server.output().includes('escuchando en')) resolve();
    };
    server.child.stdout!.on('data', check);
    void server.exited.then((code) => reject(new Error(`exited with ${code}:\n${server.output()}`)));
    check();
  });
}

async function stop(server: Server): Promise<number | null> {
  server.child.kill('SIGTERM');
  return server.exited;
}

beforeAll(async () => {
  dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portales-lock-')), 'datos');
  // The PostgreSQL pass's templates have no PGlite copy: the first server then seeds the folder itself.
  const templates = inject('databaseTemplates');
  const reference = templates?.pglite?.reference;
  if (reference && templates.fingerprint === seedFingerprint(readConfig({ DATA_DIR: dataDir, ...seedEnv }))) {
    await restorePgliteTemplate(reference, dataDir);
  }
});
afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

// Each server opens the embedded database (seconds each, more on a busy machine).
describe('DATA_DIR lock', { timeout: 240_000 }, () => {
  it('a second server on the same data folder refuses to start, in Spanish, with exit code 1', async () => {
    const first = await start();
    await listening(first);
    const lockFile = path.join(dataDir, 'server.lock');
    expect(fs.readFileSync(lockFile, 'utf8').trim()).toBe(String(first.child.pid));

    const second = await start();
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `Otro servidor (PID ${first.child.pid}) ya usa la carpeta de datos ${dataDir}: deténgalo o use otro DATA_DIR.`,
    );
    expect(second.output()).not.toMatch(/\n\s+at /);
    // The first one keeps its lock and keeps serving.
    expect(fs.readFileSync(lockFile, 'utf8').trim()).toBe(String(first.child.pid));
    expect(first.child.exitCode).toBeNull();

    expect(await stop(first)).toBe(0);
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('takes over the lock of a server that died without removing it', async () => {
    const dead = spawn(process.execPath, ['-e', '']);
    const deadPid = dead.pid!;
    await new Promise((resolve) => dead.on('exit', resolve));
    const lockFile = path.join(dataDir, 'server.lock');
    fs.writeFileSync(lockFile, `${deadPid}\n`);

    const server = await start();
    await listening(server);
    expect(server.output()).toContain(`(el proceso ${deadPid} ya no existe)`);
    expect(fs.readFileSync(lockFile, 'utf8').trim()).toBe(String(server.child.pid));
    expect(await stop(server)).toBe(0);
    expect(fs.existsSync(lockFile)).toBe(false);
  });
});
