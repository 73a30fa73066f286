/** Texts of the declared resources: titles, field labels, confirmations and notices. */
export const resources = {
  sitetypes: {
    name: 'Tipo de entidad |||| Tipos de entidad',
    title: 'Tipos de entidad',
    description: 'Tipos de entidad y porcentaje de población aplicable',
    fields: {
      id: 'ID',
      name: 'Nombre',
      applicablePopulationPercentage: 'Porcentaje de población',
      isEditable: 'Editable',
      orderType: 'Orden',
    },
    confirm_delete: '¿Seguro deseas eliminar este tipo de entidad?',
    locked: 'Este tipo de entidad no se puede modificar ni eliminar.',
  },
  proceduretypes: {
    name: 'Tipo de trámite |||| Tipos de trámite',
    title: 'Tipos de trámite',
    description: 'Catálogo de tipos de trámite',
    fields: { procedureTypeID: 'ID', name: 'Nombre' },
    confirm_delete: '¿Seguro deseas eliminar este tipo de trámite?',
    locked: 'Este tipo de trámite no se puede modificar ni eliminar.',
  },
  documenttypes: {
    name: 'Tipo de documento |||| Tipos de documento',
    title: 'Tipos de documento',
    description: 'Catálogo de tipos de documento',
    fields: { documentTypeID: 'ID', name: 'Nombre', deleted: 'Eliminado' },
    confirm_delete: '¿Seguro deseas eliminar este tipo de documento?',
  },
  chatcategories: {
    name: 'Categoría |||| Categorías de tickets',
    title: 'Categorías de tickets',
    description: 'Categorías para clasificar los tickets',
    fields: { id: 'ID', name: 'Nombre', canBeDeleted: 'Se puede eliminar' },
    created: 'Categoría creada correctamente',
    updated: 'Categoría actualizada correctamente',
    deleted: 'Categoría eliminada',
    confirm_delete: '¿Seguro deseas eliminar este registro?',
    locked: 'Esta categoría no se puede eliminar.',
  },
} as const;
