/**
 * Approving and rejecting site requests (spec 01 §4, §5, §8): the action, the Solicitudes tab's card and dialogs, the
 * wait screen, the API's messages and the rejection e-mail. Merged into `resources.siterequests` by the detail part (detail.ts) and, for the server, i18n/es/resources.ts.
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
