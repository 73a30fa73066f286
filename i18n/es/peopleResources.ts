/**
 * Texts of the administrator, site-user and site-permission declarations (resources/people/*.ts), merged into
 * `resources.*` by i18n/es/signedInResources.ts (labels `resources.<name>.fields.<source>`, choices `resources.<name>.choices.<source>.<id>`).
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
};

export const peopleResourceTexts = {
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
