import { describe, expect, it } from 'vitest';
import { sitesResource } from '../../resources/sites';
import type { ResourceView } from '../../resources/types';
import { viewDeclarationProblems, viewUrl } from './views';

const view = (overrides: Partial<ResourceView>): ResourceView => ({ name: 'byYear', path: '/govindex/{year}', scope: 'collection', ...overrides });

describe('declared views', () => {
  it('puts a view under the collection path, or on its own path with its parameters as Fastify names them', () => {
    expect(viewUrl(sitesResource, { path: 'counts/' })).toBe('/sites/counts/');
    expect(viewUrl(sitesResource, { path: 'administrator/{id}' })).toBe('/sites/administrator/:id');
    expect(viewUrl(sitesResource, { path: '/govindex/{year}' })).toBe('/govindex/:year');
    expect(viewUrl(sitesResource, { path: '/newsite/terms/' })).toBe('/newsite/terms/');
  });

  it('accepts named parameters on a path of its own only; {id} stays the record views’', () => {
    expect(viewDeclarationProblems(sitesResource, view({}), true)).toEqual([]);
    expect(viewDeclarationProblems(sitesResource, view({ path: 'byyear/{year}' }), true)).toEqual(
      expect.arrayContaining(['under the collection path the only parameter is {id}']),
    );
    expect(viewDeclarationProblems(sitesResource, view({ path: '/govindex/{id}' }), true)).toEqual(['a collection view takes no {id}']);
    expect(viewDeclarationProblems(sitesResource, view({ path: '/govindex/{Year}' }), true)).toEqual([
      'the path /govindex/{Year} is not segments and {parameters}',
    ]);
    expect(viewDeclarationProblems(sitesResource, view({ scope: 'record', path: 'x/{id}' }), true)).toEqual([]);
    expect(viewDeclarationProblems(sitesResource, view({}), false)[0]).toMatch(/no handler is registered/);
  });
});
