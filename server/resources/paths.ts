/** The collection and item paths of a declared resource, joined the way the spec writes them. */
import type { ResourceDeclaration } from '../../resources/types';

export interface ResourcePaths {
  /** `/sitetypes/`, `/documentType`: exactly the declared path. */
  collection: string;
  /** `/sitetypes/:id`, `/documentType/:id`. */
  item: string;
}

export function resourcePaths(declaration: Pick<ResourceDeclaration, 'apiPath'>): ResourcePaths {
  const collection = declaration.apiPath.startsWith('/') ? declaration.apiPath : `/${declaration.apiPath}`;
  const base = collection.replace(/\/+$/, '');
  return { collection, item: `${base}/:id` };
}
