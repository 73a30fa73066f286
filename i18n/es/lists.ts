/** The messages of every list's query string (server/lists/listQuery.ts): one per refused parameter, the same on every list. */
export const lists = {
  query: {
    page: 'El número de página no es válido',
    page_size: 'El tamaño de página debe ser un número entre 1 y %{max}',
    order_by: 'El orden solicitado no es válido',
    repeated: 'Este parámetro admite un solo valor',
    integer: 'El valor debe ser un número entero válido',
    number: 'El valor debe ser un número',
    boolean: 'El valor debe ser true o false',
    text: 'El texto no puede superar los %{max} caracteres',
    text_short: 'Debes escribir por lo menos %{min} caracteres para buscar',
    date: 'La fecha no es válida',
    choice: 'El valor no es válido',
    too_many: 'Se admiten como máximo %{max} valores',
  },
} as const;
