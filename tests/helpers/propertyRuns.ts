/**
 * How many cases a fast-check property of the tests runs: `moderate`, what `npm test` runs, or FC_RUNS for a deep run
 * (`FC_RUNS=2000 npx vitest run tests/api/fuzz.test.ts`: every property through this helper runs 2,000 cases).
 */
export function propertyRuns(moderate: number): number {
  const deep = Number(process.env.FC_RUNS);
  return Number.isInteger(deep) && deep > 0 ? deep : moderate;
}
