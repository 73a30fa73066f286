/**
 * autocannon's setupClient for the bench's mixed rows (bench/mixed.ts). autocannon loads it in its worker thread, which
 * runs plain JavaScript only (no tsx there), so it reads the plan (connections, tokens, request paths) the bench wrote
 * to the file BENCH_MIXED_PLAN names. Connection k sends paths k, k + C, k + 2C… (C connections) with the token of
 * superadmin k mod 8: every request a different one, from several signed-in superadmins.
 */
'use strict';
const fs = require('node:fs');

let plan;
let next = 0;

module.exports = function setupClient(client) {
  plan = plan || JSON.parse(fs.readFileSync(process.env.BENCH_MIXED_PLAN, 'utf8'));
  const index = next++ % plan.connections;
  const headers = { ...plan.headers, authorization: `Bearer ${plan.tokens[index % plan.tokens.length]}` };
  const paths = plan.paths.filter((_path, at) => at % plan.connections === index);
  client.setRequests(paths.map((path) => ({ method: 'GET', path, headers })));
};
