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

/** Platform settings (resources/platformSettings.ts): generic settings, terms, texts, GOV.CO bar, PQRDS, tooltips. */
export const platformSettingsTexts = {
  platformsettings: {
    name: 'Configuración |||| Configuraciones',
    title: 'Valores generales',
    description: 'Valores editables: tiempos de actualización, correo de tickets, términos de solicitud y aviso PQRSD',
    fields: { settingID: 'ID', keyWord: 'Clave', label: 'Nombre', value: 'Valor' },
  },
  policyterms: {
    name: 'Términos |||| Términos',
    title: 'Términos y condiciones de los portales',
    description: 'Términos globales y territoriales con su versión',
    fields: { id: 'ID', termGlobal: 'Términos globales (TermGlobal)', termTerritorial: 'Términos territoriales (TermTerritorial)', versionGlobal: 'Versión global', versionTerritorial: 'Versión territorial' },
  },
  datatreatmentterms: {
    name: 'Política de tratamiento de datos |||| Políticas de tratamiento de datos',
    title: 'Política de tratamiento de datos',
    description: 'Política de tratamiento de datos global y territorial con su versión',
    fields: {
      id: 'ID',
      dataTreatmentGlobal: 'Tratamiento de datos global',
      dataTreatmentTerritorial: 'Tratamiento de datos territorial',
      versionGlobal: 'Versión global',
      versionTerritorial: 'Versión territorial',
    },
  },
  proceduretexts: {
    name: 'Textos de trámites |||| Textos de trámites',
    title: 'Textos de trámites',
    description: 'Textos y enlaces de los trámites con y sin pago',
    fields: { id: 'ID', textWithPay: 'Texto de trámites con pago', linkWithPay: 'Enlace de trámites con pago', textWithOutPay: 'Texto de trámites sin pago', linkWithOutPay: 'Enlace de trámites sin pago' },
  },
  siterequesttext: {
    name: 'Texto de solicitud de portal |||| Textos de solicitud de portal',
    title: 'Texto de la solicitud de portal',
    description: 'Título, descripción, juramento, términos e imágenes de la solicitud pública',
    fields: { id: 'ID', title: 'Título', description: 'Descripción', oath: 'Juramento', terms: 'Términos', banner: 'Banner', logo1: 'Logo 1', logo2: 'Logo 2' },
  },
  govco: {
    name: 'Barra GOV.CO |||| Barras GOV.CO',
    title: 'Barra GOV.CO',
    description: 'Colores, enlace y logo de la barra GOV.CO de los portales',
    fields: {
      id: 'ID',
      isActive: 'Activa',
      colorTopBar: 'Color de la barra superior',
      logoTopBar: 'Logo de la barra superior (recomendado 100 × 40 px)',
      linkAccess: 'Enlace de acceso',
      colorBottomBar: 'Color de la barra inferior',
      colorFontBottomBar: 'Color del texto de la barra inferior',
    },
    preview: { label: 'Vista previa de la barra', link: 'Ir a GOV.CO', inactive: 'La barra está inactiva: los portales no la muestran' },
  },
  pqrds: {
    name: 'Variables PQRDS |||| Variables PQRDS',
    title: 'Variables PQRDS',
    description: 'Extensiones permitidas y tamaño máximo de los archivos de respuesta',
    fields: { id: 'ID', validExtensions: 'Extensiones permitidas', maxFileSizeMb: 'Tamaño máximo (Mb)' },
    choices: {
      validExtensions: {
        doc: 'doc', txt: 'txt', xls: 'xls', xlsx: 'xlsx', docx: 'docx', ppt: 'ppt', pptx: 'pptx', page: 'page', number: 'number', pdf: 'pdf', tiff: 'tiff', avi: 'avi',
        mp4: 'mp4', mp3: 'mp3', zip: 'zip', '7z': '7z', rtf: 'rtf', rar: 'rar', gif: 'gif', jpg: 'jpg', bmp: 'bmp', jpeg: 'jpeg', png: 'png',
      },
    },
  },
  termsacceptances: {
    name: 'Aceptación de términos |||| Aceptaciones de términos',
    title: 'Usuarios que aceptaron los términos',
    description: 'Descarga por rango de fechas de quienes aceptaron los términos y el tratamiento de datos',
    fields: { id: 'ID', acceptedAt: 'Fecha de aceptación', email: 'Correo', kind: 'Texto aceptado', version: 'Versión', siteRequestId: 'Solicitud' },
    choices: { kind: { SiteRequestTerms: 'Términos de la solicitud', SiteRequestDataTreatment: 'Tratamiento de datos' } },
  },
  tooltips: {
    name: 'Tooltip |||| Tooltips',
    title: 'Tooltips',
    description: 'Enlaces de ayuda de los portales',
    fields: { siteToolTipID: 'N.º', name: 'Nombre', url: 'Enlace del tutorial' },
  },
} as const;

export const platformSettingsMessages = {
  saved: 'Se ha guardado la información de forma exitosa',
  terms_saved: 'Los términos se guardaron de forma exitosa',
  tooltip_saved: 'Tooltip actualizado con exito',
} as const;

export const platformSettingsValidation = {
  settings: {
    value_required: 'Debes ingresar un valor',
    value_invalid: 'Debes ingresar un valor válido',
    days_invalid: 'Los tiempo de actualización contienen caracteres inválidos',
    days_min: 'Los tiempo de actualización no pueden ser inferiores a 30 días',
    request_terms_max: 'El tamaño máximo es de 600 caracteres',
    pqrsd_min: 'ingrese mínimo 1 caracter',
    pqrsd_max: 'ingrese máximo 400 caracteres',
    locked: 'Esta configuración no se puede modificar',
    key_fixed: 'La clave de una configuración no se puede cambiar',
  },
  terms: {
    required: 'Debes ingresar términos y condiciones',
    min: 'ingrese mínimo 20 caracteres',
    max: 'ingrese máximo 4000 caracteres',
  },
  procedure_texts: {
    text_required: 'Debes ingresar el texto',
    text_max: 'El tamaño máximo es de 280 caracteres',
    link_required: 'Debes ingresar una url',
    link_invalid: 'Debe de ser url y debe contener http:// o https://',
  },
  site_request_text: {
    banner_required: 'Debes cargar la imagen del banner',
    logo_required: 'Debes cargar la imagen del logo 1',
  },
  govco: {
    color_required: 'Debes seleccionar un color',
    color_length: 'ingrese 7 caracteres',
    color_hex: 'Debe de ser tipo hexadecimal',
    link_required: 'Debes ingresar una url',
    link_min: 'El mínimo de caracteres para la url es de 4',
    link_max: 'El tamaño máximo es de 150 caracteres',
    link_invalid: 'Debe de ser url y debe contener http:// o https://',
  },
  pqrds: {
    extensions_required: 'Debes seleccionar por lo menos una extensión',
    size: 'Debes seleccionar un tamaño de 1 a 20 Mb',
  },
  tooltips: {
    url_required: 'Debes ingresar un link para el tutorial',
    url_invalid: 'Debes ingresar un link válido',
  },
} as const;

export const settingsValidation = {
  sitetypes: {
    percentage_required: 'Debes ingresar el porcentage',
    percentage_invalid: 'El valor no es válido',
  },
} as const;

export const messages = {
  settings: { ...settings, messages: platformSettingsMessages },
  portalLook,
  resources: { ...settingsResourceTexts, ...portalLookResources, ...platformSettingsTexts },
  validation: { ...settingsValidation, ...portalLookValidation, ...platformSettingsValidation },
};
