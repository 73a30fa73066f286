import fs from 'node:fs';
import { createTestApp, bearer } from './tests/helpers/testApp';
import { fileStorageOf } from './server/files';
const t = await createTestApp({ seed: 'reference' });
const token = await t.tokenFor(['Users', 'Reports']);
const fileName = 'usuarios-2026-01-01-abcdef.csv';
await fileStorageOf(t.context).put(`exports/${fileName}`, fs.createReadStream('/tmp/c-bench/big.bin', { end: 50_000_000 }));
await t.database.query(`insert into jobs (kind, payload, status) values ('export.siteusers', $1::jsonb, 'done')`, [JSON.stringify({ fileName })]);
const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
for (const enc of ['', 'gzip, deflate, br']) {
  const start = performance.now();
  const r = await fetch(`${address}/api/v1/siteusers/export/?fileName=${fileName}&fileType=csv`, { headers: { ...bearer(token), ...(enc ? { 'accept-encoding': enc } : {}) } });
  let bytes = 0;
  for await (const chunk of r.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  console.log(r.status, JSON.stringify(enc), r.headers.get('content-encoding'), bytes, Math.round(performance.now() - start), 'ms');
}
await t.close();
