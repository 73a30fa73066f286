/** Texts of the audience service (resources/audience.ts, src/shared/audience): segment rules word for word from the spec. */
export const audience = {
  validation: {
    locations: 'Debes ingresar un departamento y/o municipio',
    groups: 'Debes ingresar por lo menos un grupo',
    site_types: 'Debes seleccionar una o más entidades',
    segment: 'Debes seleccionar un tipo de segmentación',
    invalid: 'La segmentación enviada no es válida',
  },
  segment: {
    label: 'Segmentación',
    country: 'Todo el país',
    locations: 'Departamentos y municipios',
    groups: 'Grupos',
  },
  departments: {
    label: 'Departamentos',
    all: 'Todos los departamentos',
  },
  municipalities: {
    label: 'Municipios',
    all: 'Todos los municipios',
  },
  groups: {
    label: 'Grupos',
    hint: 'Escribe al menos 3 caracteres para buscar',
    unknown: 'Grupo %{id}',
  },
  site_types: {
    label: 'Tipos de entidad',
    all: 'Seleccionar todas',
  },
  search: {
    no_options: 'Sin resultados',
    loading: 'Buscando…',
    load_error: 'No fue posible cargar las opciones.',
  },
  reach: {
    line: 'Llega a %{portals} portales · %{administrators} administradores',
    loading: 'Calculando el alcance…',
    error: 'No fue posible calcular el alcance.',
  },
};

export const messages = { audience };
