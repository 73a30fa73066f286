/**
 * GET /stateDocument (spec 03 §7 'Catalogues'): the two states of a document type, active (1) and
 * deleted (0). Fixed data: deleting a document type marks it deleted (see docs/decisions/README.md).
 */
import type { FastifyInstance } from 'fastify';
import type { ResourceDeclaration } from '../../resources/types';
import { apiRoute } from '../http/route';
import { resourceAccess } from './access';
import { t } from '../i18n';

export const DOCUMENT_STATES = [
  { id: 1, key: 'resources.documenttypes.states.active' },
  { id: 0, key: 'resources.documenttypes.states.deleted' },
] as const;

export function documentStates() {
  const results = DOCUMENT_STATES.map((state) => ({ id: state.id, name: t(state.key) }));
  return { results, meta: { hasNextPage: false, total: results.length } };
}

export function registerStateDocumentRoute(app: FastifyInstance, documentTypes: ResourceDeclaration): void {
  apiRoute(app, {
    method: 'GET',
    url: '/stateDocument',
    access: resourceAccess(documentTypes.permissions.read),
    summary: 'Estados de un tipo de documento: 1 activo, 0 eliminado',
    tags: [documentTypes.name],
    schema: {
      response: {
        200: {
          type: 'object',
          properties: {
            results: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } },
            meta: { type: 'object', properties: { hasNextPage: { type: 'boolean' }, total: { type: 'integer' } } },
          },
        },
      },
    },
    handler: async () => documentStates(),
  });
}
