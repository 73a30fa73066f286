/** Texts of the generated resource screens (src/engine): buttons, dialogs, confirmations and notices. */
export const engine = {
  add: 'Agregar',
  edit: 'Editar',
  delete: 'Eliminar',
  save: 'Guardar',
  cancel: 'Cancelar',
  back: 'Atrás',
  actions: 'Acciones',
  empty: 'No hay registros',
  saved: 'Se ha guardado la información de forma exitosa',
  deleted: 'El registro ha sido eliminado',
  create_title: 'Agregar: %{title}',
  edit_title: 'Editar: %{title}',
  confirm: {
    title: 'Confirmación',
    delete: '¿Seguro deseas eliminar este registro?',
    continue: 'Continuar',
    back: 'Regresar',
  },
} as const;
