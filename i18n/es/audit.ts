/** Texts of the audit-trail screen (/configuracion/auditoria, src/audit). Titles and column labels: resources.audit. */
export const audit = {
  load_more: 'Ver más',
  empty: 'No hay registros de auditoría para los filtros seleccionados',
  load_error: 'No fue posible cargar el registro de auditoría. Intenta de nuevo.',
  no_value: '—',
  /** The 'Registro' column: the record's name, then its id. */
  record_id: 'ID %{id}',
  filters: {
    label: 'Filtros de auditoría',
    user: 'Usuario',
    user_hint: 'Escribe el nombre o el correo',
    no_users: 'Sin coincidencias',
    users_error: 'No fue posible cargar los usuarios; los demás filtros siguen disponibles',
    resource: 'Recurso',
    all_resources: 'Todos los recursos',
    from: 'Desde',
    to: 'Hasta',
    invalid_range: 'La fecha inicial no puede ser posterior a la final',
    clear: 'Limpiar filtros',
  },
  /** One per code the server may write (resources/audit.ts AUDIT_ACTIONS and the declarations' actions; tested). */
  actions: {
    create: 'Creación',
    update: 'Modificación',
    delete: 'Eliminación',
    soft_delete: 'Eliminación lógica',
    deactivate: 'Desactivación',
    reactivate: 'Reactivación',
    login: 'Inicio de sesión',
    login_failed: 'Inicio de sesión fallido',
    account_locked: 'Bloqueo temporal de la cuenta',
    logout: 'Cierre de sesión',
    password_reset: 'Cambio de contraseña',
    password_reset_requested: 'Solicitud de cambio de contraseña',
    enable: 'Activación',
    disable: 'Inactivación',
    impersonate: 'Ingreso como administrador del portal',
    install: 'Instalación del portal',
    install_step: 'Paso de la instalación del portal',
    install_retry: 'Reintento de la instalación del portal',
    activate: 'Activación de la cuenta',
    changeStatus: 'Cambio de estado de la solicitud',
    addRows: 'Adición de entidades al grupo',
    sort: 'Cambio de orden',
    load: 'Carga de archivo',
    bulk_file: 'Creación masiva de entidades',
    download: 'Descarga',
    portal_key_issue: 'Emisión de la llave del portal',
    portal_key_revoke: 'Revocación de la llave del portal',
    portal_stats: 'Envío de estadísticas del portal',
  },
  resources: {
    auth: 'Autenticación',
    users: 'Usuarios',
    siteusers: 'Administradores de entidades',
    emails: 'Correos de las entidades',
    govindex: 'Índice de gobierno digital',
  },
  /** Labels of fields only the trail stores (a resource's own fields use resources.<name>.fields). */
  fields: {
    name: 'Nombre',
    email: 'Correo electrónico',
    deleted: 'Eliminado',
    permissions: 'Permisos',
    invited: 'Invitación enviada',
    credentialsChanged: 'Contraseña cambiada',
    recordId: 'Registro',
  },
  details: {
    show: 'Ver cambios',
    hide: 'Ocultar cambios',
    title: 'Cambios del registro',
    field: 'Campo',
    value: 'Valor',
    before: 'Antes',
    after: 'Después',
    none: 'Este registro no guarda cambios de campos',
    yes: 'Sí',
    no: 'No',
  },
} as const;

export const auditValidation = {
  audit: {
    date_invalid: 'La fecha no es válida',
  },
} as const;

// The audit declaration's texts (`resources.audit.*`) are in settings.ts: the settings index and the route's title show them.
export const messages = { audit, validation: auditValidation };
