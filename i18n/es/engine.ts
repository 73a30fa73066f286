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
  action_done: 'La acción se realizó de forma exitosa',
  load_more: 'Ver más',
  export: 'Descargar',
  show: 'Ver',
  filters: {
    search: 'Buscar',
    from: '%{field} desde',
    to: '%{field} hasta',
  },
  create_title: 'Agregar: %{title}',
  edit_title: 'Editar: %{title}',
  /** `file` / `image` fields (src/engine/FileFieldParts.tsx). */
  file: {
    upload: 'Subir archivo',
    replace: 'Cambiar archivo',
    remove: 'Quitar',
    none: 'Sin archivo',
    uploading: 'Subiendo archivo',
    download_error: 'No se pudo descargar el archivo',
  },
  confirm: {
    title: 'Confirmación',
    delete: '¿Seguro deseas eliminar este registro?',
    continue: 'Continuar',
    back: 'Regresar',
  },
} as const;
