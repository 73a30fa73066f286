import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Three projects: pure rules and API tests in Node, components in jsdom, browser tests in Node driving Chromium. */
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'resources/**/*.test.ts', 'server/**/*.test.ts', 'i18n/**/*.test.ts', 'authProvider/**/*.test.ts', 'dataProvider/**/*.test.ts', 'src/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Seeds the reference and demo databases once; each file's createTestApp copies one (tests/helpers/databaseTemplates.ts).
          globalSetup: ['tests/helpers/databaseTemplatesSetup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'jsdom',
          include: ['tests/component/**/*.test.tsx', 'src/**/*.test.tsx'],
          setupFiles: ['tests/helpers/setupDom.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          globalSetup: ['tests/helpers/databaseTemplatesSetup.ts'],
        },
      },
    ],
  },
});
