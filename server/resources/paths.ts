/** The collection and item paths of a declared resource, joined the way the spec writes them. */
import type { ResourceDeclaration } from '../../resources/types';

export interface ResourcePaths {
  /** `/sitetypes/`, `/documentType`, `/chats/:chatId/messages/`: the declared path, `{param}` as Fastify's `:param`. */
  collection: string;
  /** `/sitetypes/:id`, `/documentType/:id`, `/chats/:chatId/messages/:id`. */
  item: string;
}

export function resourcePaths(declaration: Pick<ResourceDeclaration, 'apiPath'>): ResourcePaths {
  const declared = declaration.apiPath.startsWith('/') ? declaration.apiPath : `/${declaration.apiPath}`;
  const collection = declared.replace(/\{([A-Za-z][A-Za-z0-9_]*)\}/g, ':$1');
  const base = collection.replace(/\/+$/, '');
  return { collection, item: `${base}/:id` };
}
