/** The site detail (/portales/{id}, spec 01 §2 'Site detail'): tabs, options, annotations, requests and impersonation. */
export const siteDetail = {
  title: 'Detalle de la entidad',
  back: 'Atrás',
  not_found: 'Lo sentimos, este recurso ya no esta disponible.',
  load_error: 'No se pudo cargar la información de la entidad',
  tabs: {
    label: 'Secciones del detalle de la entidad',
    info: 'Información',
    requests: 'Solicitudes',
    history: 'Histórico',
    comments: 'Anotaciones',
    administrators: 'Administrador',
  },
  info: {
    name: 'Nombre',
    alias: 'Alias',
    siteType: 'Tipo de entidad',
    orderType: 'Orden de la entidad',
    order_types: { '0': 'Departamental', '1': 'Municipal' },
    parentLocation: 'Departamento',
    childLocation: 'Municipio',
    url: 'Dominio (URL)',
    address: 'Dirección',
    coordinates: 'Coordenadas',
    installed: 'Instalado',
    status: 'Estado',
    population: 'Población',
    countUsers: 'Usuarios',
    countEmails: 'Correos',
    countContents: 'Contenidos',
    countComments: 'Anotaciones',
    createdDate: 'Fecha de creación',
    modifiedDate: 'Fecha de modificación',
    yes: 'Sí',
    no: 'No',
    none: '—',
  },
  administrator: {
    title: 'Administrador de la entidad',
    legal_representative: 'Representante legal',
    web_master: 'Webmaster',
    none: 'La entidad no tiene un administrador registrado',
  },
  options: {
    label: 'Opciones',
    edit: 'Editar',
    delete: 'Eliminar',
    disable: 'Inactivar',
    enable: 'Activar',
    backup: 'Solicitar copia de seguridad',
    impersonate: 'Administrar',
    confirm_delete:
      'Se eliminará la entidad y toda su información (contenidos, usuarios, anotaciones, solicitudes). Esta acción no se puede deshacer: te recomendamos hacer una copia de seguridad antes. ¿Deseas continuar?',
    confirm_disable: '¿Seguro deseas inactivar esta entidad?',
    confirm_enable: '¿Seguro deseas activar esta entidad?',
    deleted: 'Entidad borrada',
    disabled: 'La entidad ha sido inactivada',
    enabled: 'La entidad ha sido activada',
    error: 'Lo sentimos, no se pudo completar la operación.',
  },
  requests: {
    empty: 'No tienes solicitudes pendientes',
    history_empty: 'No hay solicitudes procesadas',
    error: 'No se pudieron cargar las solicitudes',
    created: 'Fecha de la solicitud',
    processed: 'Fecha de respuesta',
    kind: 'Tipo de solicitud',
    status: 'Estado',
    response: 'Respuesta',
  },
  comments: {
    title: 'Anotaciones',
    new: 'Nueva anotación',
    placeholder: 'Escribe una anotación',
    remaining: 'Te quedan %{count} caracteres',
    save: 'Guardar anotación',
    saved: 'La anotación ha sido guardada',
    empty: 'Aún no hay anotaciones',
    error: 'No se pudieron cargar las anotaciones',
    by: '%{name}, %{date}',
    unknown_author: 'Usuario eliminado',
    edit: 'Editar',
    cancel: 'Cancelar',
    attachments: 'Adjuntos',
  },
  impersonation: {
    title: 'Administrar el portal',
    intro: 'Vas a ingresar al portal como su administrador. Indica el motivo: quedará registrado en la auditoría.',
    reason: 'Motivo del ingreso',
    enter: 'Ingresar',
    cancel: 'Regresar',
    error: 'No fue posible conectarse con el sitio, intenta de nuevo',
    recent: 'Últimos ingresos como administrador',
    recent_empty: 'Nadie ha ingresado todavía a este portal como administrador',
    entry: '%{name} — %{date}: %{reason}',
    used: 'usado',
    unused: 'sin usar',
  },
  /** Texts the API answers with. */
  server: {
    site_fixed: 'La anotación no se puede mover a otra entidad',
    reason_required: 'Debes indicar el motivo del ingreso (al menos 10 caracteres)',
    reason_too_long: 'El motivo admite hasta 500 caracteres',
    not_available: 'No fue posible conectarse con el sitio, intenta de nuevo',
    token_invalid: 'El token de ingreso no es válido, venció o ya fue usado',
  },
} as const;

/**
 * Texts of the site annotations declaration (resources/siteComments.ts), the area's `resources.*` (labels `resources.<name>.fields.<source>`, choices `resources.<name>.choices.<source>.<id>`).
 */
export const siteDetailResourceTexts = {
  sitecomments: {
    title: 'Anotaciones de la entidad',
    fields: {
      siteCommentID: 'ID',
      siteId: 'Entidad',
      description: 'Anotación',
      files: 'Adjuntos',
      userId: 'Autor (ID)',
      userName: 'Autor',
      creationDate: 'Fecha',
    },
  },
} as const;

/**
 * Approving and rejecting site requests (spec 01 §4, §5, §8): the action, the Solicitudes tab's card and dialogs, the
 * wait screen, the API's messages and the rejection e-mail: `resources.siterequests.*` beside the declaration's
 * texts, which the site list also shows (i18n/es/sites.ts).
 */
export const siteRequests = {
  actions: {
    changeStatus: 'Aprobar o rechazar',
    approve: 'Aprobar',
    reject: 'Rechazar',
    cancel: 'Regresar',
    confirm: 'Continuar',
  },
  card: {
    title: 'Solicitud del %{date}',
    kind: 'Tipo de solicitud',
    legal_representative: 'Representante legal',
    web_master: 'Webmaster',
    files: 'Documentos',
    no_files: 'La solicitud no tiene documentos adjuntos',
    loading_error: 'No se pudo cargar la información del administrador de la solicitud',
    fields: {
      name: 'Nombre',
      identificationNumber: 'Número de identificación',
      gender: 'Género',
      position: 'Cargo',
      email: 'Correo electrónico',
      phone: 'Teléfono',
      phone2: 'Otro teléfono',
    },
    genders: { M: 'Masculino', F: 'Femenino' },
  },
  approve_dialog: {
    title: 'Aprobar solicitud',
    message: '¿Seguro deseas aprobar esta solicitud? Se iniciará la instalación del portal y se crearán sus administradores.',
  },
  reject_dialog: {
    title: 'Rechazar solicitud',
    message: 'Indica el motivo del rechazo: se enviará por correo electrónico al solicitante.',
    reason: 'Motivo del rechazo',
    counter: '%{count} caracteres (mínimo %{min})',
    missing: 'Faltan %{count} caracteres',
  },
  wait: {
    title: 'Instalación del portal',
    message: 'Estamos instalando el portal de la entidad. Puedes esperar aquí a que termine.',
    done: 'La instalación del portal terminó',
    failed: 'La instalación del portal no terminó. Revisa el error e inténtalo de nuevo.',
    close: 'Cerrar',
  },
  approved: 'La solicitud ha sido aprobada',
  rejected: 'La solicitud ha sido rechazada',
  update_error: 'Lo sentimos en este momento no podemos actualizar la información',
  validation: {
    status: 'Debes indicar si apruebas (Approved) o rechazas (Rejected) la solicitud',
    reason_required: 'Debes ingresar el motivo del rechazo',
    reason_min: 'El motivo del rechazo debe tener por lo menos 50 caracteres',
    reason_max: 'El motivo del rechazo admite hasta 2000 caracteres',
  },
  errors: {
    already_processed: 'Esta solicitud ya fue procesada: no está pendiente de aprobación',
    update_failed: 'Lo sentimos en este momento no podemos actualizar la información',
  },
  mail: {
    rejected_subject: 'Tu solicitud de portal para %{site} fue rechazada',
    rejected_text:
      'Hola %{name}:\n\nRevisamos la solicitud de portal de la entidad %{site} y no fue aprobada por el siguiente motivo:\n\n%{reason}\n\nPuedes enviar una nueva solicitud cuando hayas atendido las observaciones.\n\nPlataforma de portales de entidades territoriales',
  },
} as const;

export const siteDetailValidation = {
  site_comment: {
    description_required: 'Debes escribir la anotación',
    description_too_long: 'La anotación admite hasta 540 caracteres',
  },
} as const;

export const messages = {
  siteDetail,
  resources: { ...siteDetailResourceTexts, siterequests: siteRequests },
  validation: siteDetailValidation,
};
