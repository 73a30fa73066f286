/** The bench's slowest statements (bench/slowStatements.ts): auto_explain entries read from a PostgreSQL log slice. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { autoExplainReset, autoExplainSettings, formatSlowStatements, logSince, parsePlans, slowestStatements } from '../../bench/slowStatements';

const LOG = [
  '2026-12-07 19:55:27.857 UTC [2225] LOG:  checkpoint starting: wal',
  '2026-12-07 19:55:28.089 UTC [16498] postgres@audit10 LOG:  duration: 77.059 ms  plan:',
  '\tQuery Text: select t.id from audit_log t',
  '\t  where t.action = $1 order by t.at desc, t.id desc limit 21 offset 760',
  '\tLimit  (cost=0.42..10.00 rows=21 width=8) (actual rows=21 loops=1)',
  '\t  Buffers: shared hit=10 read=17553',
  '\t  ->  Index Scan Backward using audit_log_at_idx on audit_log t  (cost=0.42..9999.00 rows=1000 width=8) (actual rows=781 loops=1)',
  '\t        Rows Removed by Filter: 62499',
  '2026-12-07 19:55:28.100 UTC [16499] postgres@other10 LOG:  duration: 900.000 ms  plan:',
  '\tQuery Text: select 1',
  '\tResult  (cost=0.00..0.01 rows=1 width=4) (actual rows=1 loops=1)',
  '2026-12-07 19:55:28.127 UTC [16500] postgres@audit10 LOG:  duration: 25.500 ms  plan:',
  '\tQuery Text: select count(*) from sites',
  '\tAggregate  (cost=3894.00..3894.01 rows=1 width=8) (actual rows=1 loops=1)',
  '2026-12-07 19:55:28.200 UTC [16498] postgres@audit10 LOG:  duration: 30.000 ms  plan:',
  '\tQuery Text: select count(*) from sites',
  '\tAggregate  (cost=3894.00..3894.01 rows=1 width=8) (actual rows=1 loops=7)',
  '2026-12-07 19:55:29.000 UTC [16498] postgres@audit10 LOG:  duration: 40.000 ms  plan:',
  '\tQuery Text: select count(*) from sites',
  '\tAggregate  (cost=3894.00..3894.01 rows=1 width=8) (actual rows=1 loops=9)',
  '2026-12-07 19:55:29.000 UTC [16498] postgres@audit10 LOG:  duration: 50.000 ms  plan:',
  '\tQuery Text: select t.id from audit_log t',
  '\t  where t.action = $1 order by t.at desc, t.id desc limit 21 offset 40',
  '\tLimit  (cost=0.42..10.00 rows=21 width=8) (actual rows=21 loops=1)',
  '2026-12-07 19:55:29.001 UTC [2225] LOG:  checkpoint complete',
  '',
].join('\n');

describe('parsePlans', () => {
  it('reads the entries of one database: duration, the statement text over its lines and the plan', () => {
    const plans = parsePlans(LOG, 'audit10');
    expect(plans.map((plan) => plan.ms)).toEqual([77.059, 25.5, 30, 40, 50]);
    expect(plans[0]!.text).toBe('select t.id from audit_log t\n  where t.action = $1 order by t.at desc, t.id desc limit 21 offset 760');
    expect(plans[0]!.plan.split('\n')).toHaveLength(4);
    expect(plans[0]!.plan).toMatch(/^Limit .*\n {2}Buffers: shared hit=10 read=17553\n.*Index Scan Backward.*\n {8}Rows Removed by Filter: 62499$/);
    expect(parsePlans(LOG, 'other10').map((plan) => plan.text)).toEqual(['select 1']);
    expect(parsePlans(LOG, 'nadie')).toEqual([]);
  });
});

describe('slowestStatements', () => {
  it('groups by text, numbers aside, ranks by total time and keeps the text and plan of the slowest run', () => {
    const top = slowestStatements(parsePlans(LOG, 'audit10'), 5);
    expect(top.map((statement) => [statement.text.slice(0, 20), statement.count, statement.totalMs, statement.maxMs])).toEqual([
      ['select t.id from aud', 2, 127.059, 77.059],
      ['select count(*) from', 3, 95.5, 40],
    ]);
    expect(top[0]!.text).toContain('offset 760');
    expect(top[1]!.plan).toContain('loops=9');
    expect(slowestStatements(parsePlans(LOG, 'audit10'), 1)).toHaveLength(1);
  });
});

describe('formatSlowStatements', () => {
  it('prints each statement with its figures, its text on one line and its plan indented', () => {
    const text = formatSlowStatements(slowestStatements(parsePlans(LOG, 'audit10')), 25, 30);
    const lines = text.split('\n');
    expect(lines[0]).toContain('> 25 ms');
    expect(lines[1]).toBe('1. 2 veces > 25 ms, 127 ms en total, la más lenta 77 ms');
    expect(lines[2]).toBe('   select t.id from audit_log t w…');
    expect(lines[3]).toBe('     Limit  (cost=0.42..10.00 rows=21 width=8) (actual rows=21 loops=1)');
    expect(lines[7]).toBe('2. 3 veces > 25 ms, 96 ms en total, la más lenta 40 ms');
    expect(lines[8]).toBe('   select count(*) from sites');
    expect(formatSlowStatements([], 25)).toBe('Sentencias lentas: ninguna pasó de 25 ms.');
  });
});

describe('autoExplainSettings', () => {
  it('sets and resets auto_explain on one database, refusing a name that is no plain identifier', () => {
    expect(autoExplainSettings('audit10', 25)).toContain("alter database audit10 set auto_explain.log_min_duration = '25ms'");
    expect(autoExplainReset('audit10')[0]).toBe('alter database audit10 reset session_preload_libraries');
    expect(() => autoExplainSettings('x; drop database y', 25)).toThrow();
  });
});

describe('logSince', () => {
  it('reads the bytes written between two sizes of the log, or to its end', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'slow-log-'));
    const file = path.join(folder, 'postgresql.log');
    try {
      fs.writeFileSync(file, 'antes\n');
      const from = fs.statSync(file).size;
      fs.appendFileSync(file, 'durante\n');
      const to = fs.statSync(file).size;
      fs.appendFileSync(file, 'después\n');
      expect(logSince(file, from, to)).toBe('durante\n');
      expect(logSince(file, from)).toBe('durante\ndespués\n');
      expect(logSince(file, fs.statSync(file).size)).toBe('');
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
