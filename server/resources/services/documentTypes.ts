/**
 * Document types (resources/catalogues/documenttypes.ts): the view `states`, `GET /stateDocument` (spec 03 §7
 * 'Catalogues'), the two states of a document type, active (1) and deleted (0). Fixed data: deleting a document type
 * marks it deleted (soft delete).
 */
import { t } from '../../i18n';
import { ResourceService, type ViewHandler } from './base';

export const DOCUMENT_STATES = [
  { id: 1, key: 'resources.documenttypes.states.active' },
  { id: 0, key: 'resources.documenttypes.states.deleted' },
] as const;

const states: ViewHandler = {
  summary: 'Estados de un tipo de documento: 1 activo, 0 eliminado',
  serialize: true,
  responseSchema: {
    type: 'object',
    properties: {
      results: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } },
      meta: { type: 'object', properties: { hasNextPage: { type: 'boolean' }, total: { type: 'integer' } } },
    },
  },
  run: async () => {
    const results = DOCUMENT_STATES.map((state) => ({ id: state.id, name: t(state.key) }));
    return { results, meta: { hasNextPage: false, total: results.length } };
  },
};

export class DocumentTypesService extends ResourceService {
  override readonly views: Record<string, ViewHandler> = { states };
}
