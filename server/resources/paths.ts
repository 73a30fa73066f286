/** The collection and item paths of a declared resource, joined the way the spec writes them. */
import type { ResourceDeclaration } from '../../resources/types';

export interface ResourcePaths {
  /** `/sitetypes/`, `/documentType`, `/chats/:chatId/messages/`: the declared path, `{param}` as Fastify's `:param`. */
  collection: string;
  /** `/sitetypes/:id`, `/documentType/:id`, `/chats/:chatId/messages/:id`. */
  item: string;
}

const fastifyPath = (path: string): string => (path.startsWith('/') ? path : `/${path}`).replace(/\{([A-Za-z][A-Za-z0-9_]*)\}/g, ':$1');

/** The item path is `{apiPath}/:id`, or `{itemPath}/:id` when the declaration names one (`/siteuser/{id}`). */
export function resourcePaths(declaration: Pick<ResourceDeclaration, 'apiPath' | 'itemPath'>): ResourcePaths {
  const collection = fastifyPath(declaration.apiPath);
  const base = fastifyPath(declaration.itemPath ?? declaration.apiPath).replace(/\/+$/, '');
  return { collection, item: `${base}/:id` };
}
