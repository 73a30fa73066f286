/** Writes the loads' example files into public/content/files/ (server/loads/examples.ts). */
import fs from 'node:fs/promises';
import path from 'node:path';
import { EXAMPLE_BUILDERS } from './examples';

const folder = path.resolve(import.meta.dirname, '../../public/content/files');
await fs.mkdir(folder, { recursive: true });
for (const [name, build] of Object.entries(EXAMPLE_BUILDERS)) {
  await fs.writeFile(path.join(folder, name), await build());
  process.stdout.write(`${path.join('public/content/files', name)}\n`);
}
