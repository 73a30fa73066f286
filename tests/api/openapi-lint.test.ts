/**
 * Issue 6: the OpenAPI document served at /api/v1/openapi.json is usable by a client generator: Redocly's
 * recommended rules find nothing (trailing-slash paths excepted, see tests/helpers/openapiLint.ts), every
 * operation has a unique operationId, a 2xx answer with its schema and the error envelope for its 4xx answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintOpenApi } from '../helpers/openapiLint';
import { createTestApp, type TestApp } from '../helpers/testApp';

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string }>;
  requestBody?: unknown;
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: unknown }> }>;
}
interface Document {
  servers?: Array<{ url: string }>;
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }> };
}

let testApp: TestApp;
let document: Document;
let operations: Array<{ label: string; path: string; method: string; operation: Operation }>;

beforeAll(async () => {
  testApp = await createTestApp({ env: { API_DOCS: '1' } });
  const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json() as Document;
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ label: `${method.toUpperCase()} ${path}`, path, method, operation })),
  );
});

afterAll(async () => testApp?.close());

describe('OpenAPI document', () => {
  it('passes Redocly recommended rules with no error and no warning', async () => {
    // The whole list on failure: one line per problem, with its rule and JSON pointer.
    expect(await lintOpenApi(document)).toEqual([]);
  });

  it('gives every operation an operationId, unique in the document', () => {
    expect(operations.length).toBeGreaterThan(30);
    const missing = operations.filter(({ operation }) => !operation.operationId).map(({ label }) => label);
    expect(missing).toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId);
    const duplicates = ids.filter((id, index) => ids.indexOf(id) !== index);
    expect(duplicates).toEqual([]);
  });

  it('documents a 2xx answer with its schema for every operation (JSON, or the bytes of a file download)', () => {
    const withoutSchema = operations
      .filter(({ operation }) =>
        !Object.entries(operation.responses).some(
          ([status, response]) =>
            status === '204' || (status.startsWith('2') && Object.values(response.content ?? {}).some((media) => media.schema)),
        ),
      )
      .map(({ label }) => label);
    expect(withoutSchema).toEqual([]);
  });

  /**
   * Public because the portals show some of their files (an <img> sends no token), but each file needs its element
   * type's permission unless the type is public: 401 and 403 decided per file (docs/decisions/0020-files.md).
   */
  const PUBLIC_WITH_PER_FILE_CHECK = new Set(['GET /api/v1/files/{id}', 'GET /api/v1/files/{id}/thumbnail', 'GET /api/v1/files/{id}/big']);

  it('answers errors in the shared envelope, chosen by access and shape', () => {
    expect(document.components.schemas.Error).toMatchObject({
      properties: { error: { required: ['code', 'message', 'details'] } },
    });
    for (const response of Object.values(document.components.responses)) {
      expect(response.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    }
    const wrong: string[] = [];
    for (const { label, path, operation } of operations) {
      const statuses = Object.keys(operation.responses);
      const errors = statuses.filter((status) => status.startsWith('4'));
      if (errors.length === 0) wrong.push(`${label}: no 4xx`);
      for (const status of errors) {
        if (!operation.responses[status]?.$ref?.startsWith('#/components/responses/')) wrong.push(`${label}: ${status} not shared`);
      }
      const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
      const scheme = operation.security?.[0];
      if (!isPublic && !(scheme && ('bearerAuth' in scheme || 'portalKey' in scheme))) wrong.push(`${label}: no security`);
      if (!isPublic && !statuses.includes('401')) wrong.push(`${label}: protected without 401`);
      if (isPublic && statuses.includes('403') !== PUBLIC_WITH_PER_FILE_CHECK.has(label)) wrong.push(`${label}: public ${statuses.includes('403') ? 'with' : 'without'} 403`);
      if (path.includes('{') && !statuses.includes('404')) wrong.push(`${label}: path parameter without 404`);
      if (operation.requestBody && !statuses.includes('400')) wrong.push(`${label}: body without 400`);
    }
    expect(wrong).toEqual([]);
  });

  it('marks the public operations, the rate-limited ones and the conflicts', () => {
    const find = (method: string, path: string) => document.paths[`/api/v1${path}`]?.[method]!;
    expect(find('post', '/auth/').security).toEqual([]);
    expect(Object.keys(find('post', '/auth/').responses)).toEqual(['200', '400', '401', '429']);
    expect(Object.keys(find('get', '/captcha/').responses)).toEqual(['200', '429']);
    expect(Object.keys(find('get', '/users/passwordreset/{token}').responses)).toEqual(['200', '404']);
    expect(find('get', '/users/').security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(find('delete', '/sitetypes/{id}').responses)).toEqual(['200', '401', '403', '404', '409']);
    expect(find('post', '/users/').responses['201']?.content?.['application/json']?.schema).toBeDefined();
  });

  it('declares a relative server and every tag in use, with a description', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const used = new Set(operations.flatMap(({ operation }) => (operation as { tags?: string[] }).tags ?? []));
    const declared = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));
    for (const tag of used) expect(declared.get(tag), tag).toBeTruthy();
  });
});
