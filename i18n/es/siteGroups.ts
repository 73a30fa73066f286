/** Texts of group management (/portales/grupos, spec 01 §2 'Group management', §5 'Group'): form, entity search, messages. */
export const siteGroups = {
  find_title: 'Búsqueda de entidades para grupos',
  rows_title: 'Entidades de los grupos',
  validation: {
    name_required: 'Debes ingresar un nombre para el grupo',
    name_too_long: 'El nombre del grupo no puede superar los 100 caracteres',
    sites_required: 'Debes seleccionar por lo menos una entidad',
    group_required: 'Debes seleccionar un grupo',
    too_many_sites: 'Puedes agregar hasta 1000 entidades a la vez',
  },
  form: {
    create_title: 'Nuevo grupo',
    edit_title: 'Editar grupo',
    search: 'Buscar entidad',
    search_hint: 'Escribe por lo menos 3 caracteres',
    no_matches: 'No se encontraron entidades',
    searching: 'Buscando…',
    add: 'Agregar %{name}',
    move_up: 'Subir %{name}',
    move_down: 'Bajar %{name}',
    remove: 'Quitar %{name}',
    selected: 'Entidades seleccionadas (%{count})',
    none_selected: 'Aún no has agregado entidades a este grupo',
  },
  show: {
    title: 'Grupo %{name}',
    count: '%{count} entidades',
  },
  confirm_delete: '¿Seguro deseas eliminar este grupo?',
  created: 'El grupo ha sido creado',
  updated: 'El grupo ha sido actualizado',
  deleted: 'El grupo ha sido eliminado',
  empty: 'Aún no tienes grupos',
} as const;

export const messages = { siteGroups };
