import { MAX_PAGE } from '../../resources/limits';

/** The OpenAPI description of the paging parameters every list route takes (page from 1, pageSize with default and cap). */
export function pagingQueryProperties(options: { defaultPageSize: number; maxPageSize: number }) {
  return {
    page: { type: 'string', description: `Página (desde 1, hasta ${MAX_PAGE})` },
    pageSize: {
      type: 'string',
      description: `Tamaño de página (1 a ${options.maxPageSize}, ${options.defaultPageSize} por defecto)`,
    },
  } as const;
}
