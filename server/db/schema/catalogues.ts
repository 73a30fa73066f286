/**
 * Catalogue tables, derived from their resource declarations in resources/ (see resourceTable).
 * Part of the schema re-exported by server/db/schema.ts.
 */
import {
  chatCategoriesResource,
  documentTypesResource,
  procedureTypesResource,
  siteTypesResource,
} from '../../../resources';
import { resourceTable } from '../resourceTable';

export const siteTypes = resourceTable(siteTypesResource);
export const procedureTypes = resourceTable(procedureTypesResource);
export const documentTypes = resourceTable(documentTypesResource);
export const chatCategories = resourceTable(chatCategoriesResource);
