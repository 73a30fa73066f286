/** The bench's mixed workload (bench/mixedWorkload.ts) and the p99 read from /metrics' histograms (bench/measure.ts). */
import { describe, expect, it } from 'vitest';
import { histogramQuantile, metricSum, routeBuckets } from '../../bench/measure';
import { MIXED_LISTS, mixedRequests, seededRandom, type MixedData, type MixedList } from '../../bench/mixedWorkload';

const DATA: MixedData = {
  words: { sites: ['bogota', 'medellin', 'cali'], usermain: ['maria', 'jimena'], siteusers: ['marta', 'jorge'], groups: ['norte', 'caribe'] },
  siteTypes: [1, 2],
  places: [{ department: 5, municipality: 5001 }],
  groups: [7, 9],
  audit: { resources: ['sites'], actions: ['update'], actors: [3], emails: ['ana@portales.test'] },
};
const LISTS = Object.keys(MIXED_LISTS) as MixedList[];

describe('mixedRequests', () => {
  it('gives the same requests for the same seed and others for another', () => {
    for (const list of LISTS) {
      expect(mixedRequests(DATA, list, 42, 200)).toEqual(mixedRequests(DATA, list, 42, 200));
      expect(mixedRequests(DATA, list, 43, 200)).not.toEqual(mixedRequests(DATA, list, 42, 200));
    }
  });

  it('varies page (1–50), order and, in about half, a search drawn from the data', () => {
    const requests = mixedRequests(DATA, 'usermain', 7, 2000);
    const queries = requests.map((request) => new URL(request, 'http://x').searchParams);
    const pages = new Set(queries.map((query) => Number(query.get('page'))));
    expect(Math.min(...pages)).toBe(1);
    expect(Math.max(...pages)).toBe(50);
    expect(new Set(queries.map((query) => query.get('orderBy'))).size).toBeGreaterThan(8);
    const searches = queries.map((query) => query.get('search')).filter((search): search is string => search !== null);
    expect(searches.length / requests.length).toBeGreaterThan(0.4);
    expect(searches.length / requests.length).toBeLessThan(0.6);
    for (const search of searches) expect(DATA.words.usermain.some((word) => word.startsWith(search) && search.length >= 3)).toBe(true);
    expect(new Set(requests).size).toBe(requests.length);
    expect(requests.every((request) => request.startsWith('/api/v1/usermain/?'))).toBe(true);
  });

  it('uses the site list\'s status tabs and its name search', () => {
    const queries = mixedRequests(DATA, 'sites', 3, 500).map((request) => new URL(request, 'http://x').searchParams);
    expect(new Set(queries.map((query) => query.get('status')))).toEqual(new Set([null, '1', '2']));
    expect(queries.some((query) => query.get('pendingRequest') === 'true')).toBe(true);
    expect(queries.some((query) => query.get('name') !== null)).toBe(true);
  });

  it('draws numbers in [0, 1) from its seed alone', () => {
    const first = Array.from({ length: 5 }, seededRandom(1));
    expect(Array.from({ length: 5 }, seededRandom(1))).toEqual(first);
    expect(first.every((value) => value >= 0 && value < 1)).toBe(true);
  });
});

describe('histogramQuantile', () => {
  const text = (counts: number[]) =>
    ['0.005', '0.01', '0.025', '+Inf']
      .map((le, index) => `http_request_duration_seconds_bucket{le="${le}",method="GET",route="/api/v1/sites/",status_code="200"} ${counts[index]}`)
      .concat('http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/v1/audit/",status_code="200"} 99')
      .join('\n');

  it('reads the requests between two scrapes of one route, interpolated within the bucket', () => {
    const before = routeBuckets(text([10, 10, 10, 10]), '/api/v1/sites/');
    const after = routeBuckets(text([60, 100, 110, 110]), '/api/v1/sites/');
    // 100 requests: 50 under 5 ms, 40 in 5–10 ms, 10 in 10–25 ms; the 99th is 9/10 of the way through the last.
    expect(histogramQuantile(before, after, 0.99)).toBeCloseTo(23.5, 5);
    expect(histogramQuantile(before, after, 0.5)).toBeCloseTo(5, 5);
    expect(histogramQuantile(after, after, 0.99)).toBeNull();
  });
});

describe('mixedRequests on the audit list', () => {
  it('asks what its screen offers: the order by date, user, resource or both, and in about half a range of days', () => {
    const data: MixedData = { ...DATA, audit: { resources: ['sites', 'auth'], actions: ['update'], actors: [3, 4], emails: ['ana@portales.test'] } };
    const queries = mixedRequests(data, 'audit', 5, 400).map((request) => new URL(request, 'http://x').searchParams);
    expect(new Set(queries.map((query) => query.get('orderBy')))).toEqual(new Set(['at', '-at']));
    expect(queries.every((query) => !query.has('action') && !query.has('userEmail'))).toBe(true);
    expect(queries.some((query) => query.has('userId') && query.has('resource'))).toBe(true);
    const ranges = queries.filter((query) => query.has('from'));
    expect(ranges.length / queries.length).toBeGreaterThan(0.4);
    expect(ranges.length / queries.length).toBeLessThan(0.6);
    for (const query of ranges.filter((range) => range.has('to'))) expect(query.get('to')! > query.get('from')!).toBe(true);
  });
});

describe('metricSum', () => {
  it('adds a metric\'s samples over its label sets, and gives 0 when it is absent', () => {
    const text = [
      '# HELP db_pool_connections_in_use Connections in use',
      'db_pool_connections_in_use{driver="postgres"} 3',
      'db_pool_connections_in_use{driver="pglite"} 1',
      'db_pool_connections_in_use_total 99',
      'db_pool_waiting 2',
    ].join('\n');
    expect(metricSum(text, 'db_pool_connections_in_use')).toBe(4);
    expect(metricSum(text, 'db_pool_waiting')).toBe(2);
    expect(metricSum(text, 'db_pool_connections')).toBe(0);
  });
});
