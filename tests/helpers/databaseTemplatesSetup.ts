/**
 * vitest globalSetup of the api and e2e projects: seeds the database templates once per run and hands them to the
 * test files (inject('databaseTemplates') in createTestApp); drops them when the run ends (databaseTemplates.ts).
 */
import type { TestProject } from 'vitest/node';
import { buildTemplates, TEMPLATE_SEEDS, templatesEnabled } from './databaseTemplates';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!templatesEnabled()) {
    project.provide('databaseTemplates', undefined);
    return undefined;
  }
  const started = performance.now();
  // The browser tests all start from the demo data.
  const { templates, remove } = await buildTemplates(project.name === 'e2e' ? ['demo'] : TEMPLATE_SEEDS);
  console.log(`Plantillas de base de datos sembradas en ${((performance.now() - started) / 1000).toFixed(1)} s`);
  project.provide('databaseTemplates', templates);
  return remove;
}
