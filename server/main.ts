/** `npm start`: builds the admin when it is not built, prepares the database and serves admin and API. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadSigningKey } from './auth/tokens';
import { readConfig } from './config';
import { openDatabase } from './db/connection';
import { createMailer } from './mail/mailer';
import { initializeDatabase } from './seed';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const staticDir = path.join(root, 'dist');

function ensureBuilt(): void {
  if (fs.existsSync(path.join(staticDir, 'index.html'))) return;
  console.log('Construyendo la aplicación (vite build)…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function main(): Promise<void> {
  const config = readConfig();
  ensureBuilt();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const log = (line: string) => console.log(line);
  await initializeDatabase(database, config, log);
  const context = {
    database,
    config,
    signingKey: await loadSigningKey(database, config.tokenSecret),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, mailDir: path.join(config.dataDir, 'mail'), log }),
  };
  const app = await buildApp({ context, staticDir, logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  console.log(`Portales admin escuchando en http://${config.host}:${config.port} (base de datos: ${database.kind})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
