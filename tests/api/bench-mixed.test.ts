/**
 * Every request of the bench's mixed workload (bench/mixedWorkload.ts) is one the API accepts: a sample of each list's,
 * drawn from the demo data, answers 200 with a list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_NAMES } from '../../resources/permissions';
import { MIXED_LISTS, mixedData, mixedRequests, type MixedData, type MixedList } from '../../bench/mixedWorkload';
import { bearer, createTestApp, type TestApp } from '../helpers/testApp';

let t: TestApp;
let data: MixedData;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ seed: 'demo' });
  data = await mixedData(t.database);
  token = await t.tokenFor(PERMISSION_NAMES);
});
afterAll(async () => {
  await t?.close();
});

describe('the mixed workload on the demo data', () => {
  it('finds values to draw from in the data', () => {
    for (const words of Object.values(data.words)) expect(words.length).toBeGreaterThan(0);
    expect(data.siteTypes.length).toBeGreaterThan(0);
    expect(data.places.length).toBeGreaterThan(0);
    expect(data.audit.actions.length).toBeGreaterThan(0);
  });

  it.each(Object.keys(MIXED_LISTS) as MixedList[])('%s: a sample of its requests answers 200', async (list) => {
    const refused: string[] = [];
    for (const url of mixedRequests(data, list, 2026, 40)) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      if (response.statusCode !== 200 || !Array.isArray(response.json().results)) refused.push(`${url} → ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
    expect(refused).toEqual([]);
  });
});
