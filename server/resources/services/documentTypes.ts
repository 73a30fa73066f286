/**
 * Document types (resources/catalogues/documenttypes.ts): the view `states`, `GET /stateDocument` (spec 03 §7
 * 'Catalogues'), the two states of a document type, active (1) and deleted (0). Fixed data: deleting a document type
 * marks it deleted (soft delete).
 */
import { t } from '../../i18n';
import { listEnvelopeSchema, objectSchema } from '../openapi';
import { ResourceService, type ViewHandler } from './base';

const DOCUMENT_STATES = [
  { id: 1, key: 'resources.documenttypes.states.active' },
  { id: 0, key: 'resources.documenttypes.states.deleted' },
] as const;

const states: ViewHandler = {
  summary: 'Estados de un tipo de documento: 1 activo, 0 eliminado',
  serialize: true,
  responseSchema: listEnvelopeSchema(objectSchema({ id: { type: 'integer' }, name: { type: 'string' } }), { total: true }),
  run: async () => {
    const results = DOCUMENT_STATES.map((state) => ({ id: state.id, name: t(state.key) }));
    return { results, meta: { hasNextPage: false, total: results.length } };
  },
};

export class DocumentTypesService extends ResourceService {
  override readonly views: Record<string, ViewHandler> = { states };
}
