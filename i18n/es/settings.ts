import { portalLook, portalLookResources, portalLookValidation } from './portalLook';

/** Texts of the settings index (/configuracion, spec 03 §2 'Settings index and sub-routes'). */
export const settings = {
  title: 'Configuración',
  subtitle: 'Elige qué deseas configurar',
  /** The button of every settings sub-page back to the index (src/settings/BackToSettings). */
  back: 'Atrás',
  entries: {
    fonts_themes: { title: 'Fuentes y temas', description: 'Fuentes y temas disponibles para los portales' },
    footer: { title: 'Pie de página', description: 'Enlaces y sellos del pie de página de los portales' },
    procedure_texts: { title: 'Textos de trámites', description: 'Textos y enlaces de los trámites con y sin pago' },
    tooltips: { title: 'Tooltips', description: 'Enlaces de ayuda de los portales' },
    gallery: { title: 'Galería', description: 'Imágenes disponibles para los portales' },
    data_policies: { title: 'Políticas y tratamiento de datos', description: 'Versiones de las políticas y del tratamiento de datos' },
    global_logos: { title: 'Logos globales', description: 'Logos comunes a todos los portales' },
    content_logos: { title: 'Logos de contenidos', description: 'Logos de los contenidos globales' },
    site_menu: { title: 'Menú destacado', description: 'Menú destacado de los portales por tipo de entidad' },
    users_delete: { title: 'Inactivación masiva de administradores', description: 'Inactivar administradores de entidades territoriales por filtro' },
    update_sites: { title: 'Actualizar orden y código de registro', description: 'Exportar los portales activos y cargar el archivo actualizado' },
    email_report: { title: 'Reporte de notificaciones por correo', description: 'Reporte de los correos enviados en un rango de fechas' },
    admin_updates: { title: 'Actualización de datos de administradores', description: 'Programación de la actualización de datos' },
    terms: { title: 'Términos y condiciones', description: 'Texto legal de la plataforma' },
  },
} as const;

/**
 * Texts of the declarations with a row in /configuracion (catalogues, the audit): `resources.<name>.*`; the index and the
 * route titles show their titles and descriptions.
 */
export const settingsResourceTexts = {
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
    states: { active: 'Activo', deleted: 'Eliminado' },
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
  /** The audit declaration (resources/audit.ts, /configuracion/auditoria); the trail's own texts are in audit.ts. */
  audit: {
    name: 'Registro de auditoría |||| Registros de auditoría',
    title: 'Auditoría',
    description: 'Quién cambió qué, cuándo y desde dónde',
    fields: {
      id: 'ID',
      at: 'Fecha',
      userId: 'Id del usuario',
      userEmail: 'Usuario',
      action: 'Acción',
      resource: 'Recurso',
      recordId: 'Registro',
      recordLabel: 'Nombre del registro',
      clientAddress: 'Dirección IP',
      clientInet: 'Dirección IP (inet)',
      before: 'Antes',
      after: 'Después',
    },
  },
  /** The mail log (`GET /maillog/`, resources/maillog.ts); its states and templates are in maillog.ts. */
  maillog: {
    title: 'Registro de correos',
    fields: {
      id: 'ID',
      to: 'Destinatario',
      template: 'Plantilla',
      subject: 'Asunto',
      relatedResource: 'Recurso relacionado',
      relatedId: 'Registro relacionado',
      state: 'Estado',
      attempts: 'Intentos',
      nextAttemptAt: 'Próximo intento',
      lastError: 'Último error',
      createdAt: 'Creado',
      sentAt: 'Enviado',
      createdBy: 'Creado por',
      textBody: 'Texto',
      htmlBody: 'HTML',
      lockedUntil: 'Reservado hasta',
    },
  },
  /** The loaded e-mail accounts (`GET /emails/`, resources/mailAccounts.ts; its title is the audit's `emails`). */
  emails: {
    fields: { id: 'ID', siteId: 'Entidad', siteName: 'Nombre de la entidad', email: 'Correo', lastLogin: 'Último ingreso', year: 'Año', month: 'Mes', jobId: 'Carga' },
  },
} as const;

export const settingsValidation = {
  sitetypes: {
    percentage_required: 'Debes ingresar el porcentage',
    percentage_invalid: 'El valor no es válido',
  },
} as const;

export const messages = {
  settings,
  portalLook,
  resources: { ...settingsResourceTexts, ...portalLookResources },
  validation: { ...settingsValidation, ...portalLookValidation },
};
