/**
 * The permissions (spec 01 §6) as a person reads them: a Spanish name and one line on what each allows, keyed by the
 * catalogue's code (`Sites`, which stays the API's name). resources/permissions.ts `permissionLabelKey` /
 * `permissionDescriptionKey`; tests/unit/i18n.test.ts checks that every permission has both (under users.permissions).
 */
export const permissionTexts = {
  Sites: {
    label: 'Portales',
    description: 'Crear, editar, activar, inactivar y respaldar portales; gestionar solicitudes, anotaciones, cargas y grupos.',
  },
  Impersonate: {
    label: 'Ingresar como administrador',
    description: 'Entrar a un portal instalado y activo como su administrador.',
  },
  Reports: {
    label: 'Reportes',
    description: 'Consultar portales, administradores, mensajes, ranking y métricas, y descargar sus reportes.',
  },
  GlobalContents: {
    label: 'Contenidos globales',
    description: 'Publicar en los portales ventanas emergentes, noticias, logos, pie de página, menú destacado, accesos y galería.',
  },
  Users: {
    label: 'Usuarios',
    description: 'Gestionar superadministradores, administradores de entidades y usuarios de los portales.',
  },
  GlobalBanners: {
    label: 'Banners globales',
    description: 'Publicar banners en los portales.',
  },
  Messages: {
    label: 'Mensajes',
    description: 'Enviar correos masivos a los administradores de los portales.',
  },
  Tickets: {
    label: 'Soporte',
    description: 'Atender los tickets de soporte de los portales.',
  },
  Settings: {
    label: 'Configuración',
    description: 'Administrar catálogos, auditoría, copias de seguridad, desactivación masiva y demás ajustes de la plataforma.',
  },
} as const;

/** The Users area (/administradores, spec 01 §2 'Users'): its tabs, the superadmins' tab and the permissions' texts. */
export const users = {
  permissions: permissionTexts,
  tabs: {
    label: 'Tipos de usuario',
    superadmins: 'Superadministradores',
    administrators: 'Administradores',
    siteUsers: 'Usuarios',
  },
  superadmins: {
    add: 'Agregar superadministrador',
    search: 'Buscar por nombre o correo',
    order: 'Ordenar por',
    order_recent: 'Más recientes',
    order_name: 'Nombre',
    status: 'Estado',
    active: 'Activo',
    inactive: 'Inactivo',
    edit: 'Editar',
    deactivate: 'Inactivar',
    activate: 'Activar',
    confirm_deactivate: '¿Seguro deseas inactivar a %{name}? Sus sesiones abiertas se cerrarán.',
    confirm_activate: '¿Seguro deseas activar a %{name}?',
    deactivated: 'El superadministrador ha sido inactivado',
    activated: 'El superadministrador ha sido activado',
    load_error: 'No fue posible cargar los superadministradores',
    load_more: 'Ver más',
    never: 'Nunca',
    dialog: {
      create_title: 'Agregar superadministrador',
      edit_title: 'Editar superadministrador',
      permissions: 'Permisos',
      permissions_error: 'No fue posible cargar los permisos',
      own_permissions: 'No puedes cambiar tus propios permisos: pídeselo a otro superadministrador.',
      invitation:
        'Al guardar, enviaremos al correo un enlace de invitación para que asigne su contraseña (vale 72 horas). La contraseña nunca se asigna aquí.',
      save: 'Guardar',
      cancel: 'Cancelar',
    },
  },
} as const;

/** Administrators and site users (spec 01 §2 'Users', §3, §5): the two tabs, their edit modals and their rules. */
export const people = {
  administrators: {
    name: 'Administrador |||| Administradores',
    title: 'Administradores',
    empty: 'Aún no tienes administradores',
    updated: 'Se ha guardado la información de forma exitosa',
    edit_title: 'Actualizar administrador',
    password_hint: 'Déjala vacía para conservar la contraseña actual',
  },
  siteusers: {
    name: 'Usuario |||| Usuarios',
    title: 'Usuarios',
    empty: 'Aún no tienes usuarios',
    updated: 'Se ha guardado la información de forma exitosa',
    edit_title: 'Editar usuario',
    export_started: 'Estamos generando el archivo de usuarios',
    export_ready: 'El archivo está listo',
  },
  sitepermissions: {
    name: 'Permiso de sitio |||| Permisos de sitio',
    title: 'Permisos de sitio',
  },
  genders: { none: 'Sin especificar', 0: 'Masculino', 1: 'Femenino', 2: 'Otro' },
  filters: {
    search: 'Buscar por nombre o correo',
    siteTypeId: 'Tipo de entidad',
    parentLocationId: 'Departamento',
    locationId: 'Municipio',
    groupID: 'Grupo',
    all: 'Todos',
  },
  actions: { edit: 'Editar', save: 'Guardar', cancel: 'Cancelar', export: 'Exportar', download: 'Descargar archivo' },
  status: { active: 'Activo', inactive: 'Inactivo' },
  validation: {
    name_required: 'Debes ingresar un nombre',
    name_max: 'La longitud máxima es de 100 caracteres',
    email_required: 'Debes ingresar el correo electrónico',
    email_max: 'La longitud máxima es de 150 caracteres',
    email_invalid: 'Correo electrónico no válido',
    gender_required: 'Debes seleccionar un género',
    birth_date_required: 'Debes ingresar la fecha de nacimiento',
    birth_date_invalid: 'La fecha de nacimiento no es válida',
    birth_date_too_early: 'La fecha de nacimiento no puede ser anterior a 1928',
    birth_date_too_young: 'El usuario debe tener por lo menos 13 años',
    password_min: 'Debes por lo menos ingresar 6 caracteres',
    password_max: 'La longitud máxima es de 50 caracteres',
    password_mismatch: 'Las contraseñas no coinciden',
    permissions_required: 'Debes seleccionar por lo menos un permiso para el usuario',
    permissions_invalid: 'Los permisos enviados no son válidos',
    permissions_unknown: 'Uno de los permisos seleccionados no existe',
    site_user_permissions: 'Debes habilitar por lo menos un permiso',
    site_required: 'Debes seleccionar una entidad',
    site_unknown: 'La entidad seleccionada no existe',
    loa_invalid: 'El nivel de autenticación debe ser 1, 2 o 3',
  },
} as const;

/**
 * Texts of the administrator, site-user and site-permission declarations (resources/people/*.ts), the
 * area's `resources.*` (labels `resources.<name>.fields.<source>`, choices `resources.<name>.choices.<source>.<id>`).
 */
/** The labels both kinds of portal user share: who they are and the site they belong to. */
const userOfSiteFields = {
  id: 'ID',
  userTypeId: 'Tipo de usuario',
  name: 'Nombre',
  email: 'Correo electrónico',
  siteId: 'Entidad',
  siteName: 'Entidad',
  siteAlias: 'Alias de la entidad',
  siteType: 'Tipo de entidad',
  parentLocation: 'Departamento',
  childLocation: 'Municipio',
  // Stored, never answered (hidden): named for completeness of the convention.
  siteParentLocationId: 'Departamento de la entidad',
  siteLocationId: 'Municipio de la entidad',
  siteTypeId: 'Tipo de la entidad',
};

export const peopleResourceTexts = {
  permissions: {
    name: 'Permiso |||| Permisos',
    title: 'Permisos',
    fields: { permissionID: 'ID', name: 'Permiso' },
  },
  superadmins: {
    name: 'Superadministrador |||| Superadministradores',
    title: 'Superadministradores',
    fields: {
      id: 'ID',
      name: 'Nombre',
      email: 'Correo electrónico',
      deleted: 'Inactivo',
      permissions: 'Permisos',
      password: 'Contraseña',
      isGuest: 'Externo',
      lastLogin: 'Último ingreso',
      createdDate: 'Fecha de creación',
      // Stored, never answered (hidden): named for completeness of the convention.
      userTypeId: 'Tipo de usuario',
      modifiedDate: 'Fecha de modificación',
      passwordHash: 'Contraseña cifrada',
      nameKey: 'Clave del nombre',
      emailKey: 'Clave del correo',
    },
    empty: 'Aún no tienes usuarios',
    created: 'Se ha creado el superadministrador. Le enviamos a %{email} el enlace de invitación para asignar su contraseña (vale 72 horas).',
    updated: 'Se ha guardado la información de forma exitosa',
  },
  administrators: {
    fields: {
      ...userOfSiteFields,
      adminType: 'Tipo de administrador',
      genderId: 'Género',
      birthDate: 'Fecha de nacimiento',
      password: 'Contraseña',
      confirmPassword: 'Confirmar contraseña',
      isGuest: 'Externo (servicios web)',
      deleted: 'Inactivo',
      permissions: 'Permisos',
      lastLogin: 'Último ingreso',
      createdDate: 'Fecha de creación',
      deactivatedByJob: 'Inactivado por el trabajo',
    },
    choices: { adminType: { LegalRepresentative: 'Representante legal', WebMaster: 'Webmaster' } },
  },
  siteusers: {
    fields: {
      ...userOfSiteFields,
      loa: 'Nivel de autenticación (LoA)',
      genderId: 'Género',
      birthDate: 'Fecha de nacimiento',
      deleted: 'Inactivo',
      permissions: 'Permisos',
      lastLogin: 'Último ingreso',
      createdDate: 'Fecha de creación',
    },
  },
  sitepermissions: {
    fields: { sitePermissionID: 'ID', name: 'Permiso' },
  },
} as const;

/**
 * The superadmin form's and the people API's messages (`validation.superadmin.*` but `email_invalid`, which every
 * e-mail field shows: i18n/es/engine.ts).
 */
export const superadminValidation = {
  name_required: 'Debes ingresar un nombre',
  name_min: 'El mínimo de caracteres para el nombre es de 5',
  name_max: 'La longitud máxima es de 200 caracteres',
  email_required: 'Debes ingresar el correo electrónico',
  permissions: 'Debes seleccionar por lo menos un permiso para el usuario',
  email_used: 'El correo electrónico ya lo está utilizando otro usuario',
  self_deactivation: 'No puedes inactivar tu propio usuario.',
  self_permissions: 'No puedes cambiar tus propios permisos: pídeselo a otro superadministrador.',
  password_by_link:
    'La contraseña de otro superadministrador solo se asigna con el enlace de invitación o recuperación que recibe en su correo.',
  own_password_by_link: 'Tu contraseña solo se cambia con el enlace de recuperación («¿Olvidaste tu contraseña?»).',
  grant_unheld: 'Solo puedes asignar permisos que tú tienes.',
  outranked: 'No puedes modificar a un superadministrador con permisos que tú no tienes.',
} as const;

export const messages = { people, users, resources: peopleResourceTexts, validation: { superadmin: superadminValidation } };
