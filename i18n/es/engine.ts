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
  move_up: 'Subir',
  move_down: 'Bajar',
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
    attach: 'Adjuntar archivo',
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

/** Validation messages every form may show (spec §5 of each document, word for word; keys used by yup schemas). */
export const engineValidation = {
  required: 'Este campo es obligatorio',
  invalid: 'El valor no es válido',
  /** The base rules of the engine's field kinds (resources/fieldKinds.ts). */
  field: {
    required: 'Este campo es obligatorio',
    text: 'Debes ingresar un texto',
    too_long: 'El texto supera la longitud permitida',
    url: 'Debes ingresar una dirección web válida (http:// o https://)',
    integer: 'Debes ingresar un número entero',
    number: 'Debes ingresar un número',
    boolean: 'Debes indicar sí o no',
    date: 'La fecha no es válida',
    choice: 'Debes seleccionar una opción válida',
    color: 'Debes ingresar un color en formato #RRGGBB',
    reference: 'El registro seleccionado no existe',
    json: 'El valor debe ser un objeto o una lista JSON',
    file: 'Debes seleccionar un archivo subido',
    files: 'Debes enviar una lista de archivos subidos, sin repetidos',
    too_many_files: 'Puedes adjuntar hasta 10 archivos',
    list: 'Debes seleccionar una lista de registros',
    too_many: 'Seleccionaste demasiados registros',
  },
  catalogue: {
    name: 'Debes registrar un nombre válido',
  },
  /** The body of a collection sort (server/resources/actionRules.ts `readSortList`). */
  sort: {
    list: 'Debes enviar la lista de registros con su orden',
    item: 'Cada elemento debe indicar el registro y su orden',
    repeated: 'El registro aparece más de una vez en la lista',
  },
  /** The engine's e-mail field kind's message (resources/fieldKinds.ts EMAIL_MESSAGE), used by every form. */
  superadmin: {
    email_invalid: 'Correo electrónico no válido',
  },
} as const;

export const messages = { engine, validation: engineValidation };
