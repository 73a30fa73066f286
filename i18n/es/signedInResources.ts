import { backupResourceTexts } from './backupResources';
import { peopleResourceTexts } from './peopleResources';
import { siteDetailResourceTexts } from './siteDetailResources';
import { siteResourceTexts } from './sites';

/**
 * Texts of the declared resources: titles, field labels (`resources.<name>.fields.<source>`, the engine's convention:
 * resources/types.ts fieldLabelKey), enum choices (`resources.<name>.choices.<source>.<id>`), confirmations and notices.
 * Area files keep their resources' texts beside the area's and export them; they are merged here.
 */
export const signedInResources = {
  ...siteResourceTexts,
  ...siteDetailResourceTexts,
  ...peopleResourceTexts,
  ...backupResourceTexts,
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
    },
    empty: 'Aún no tienes usuarios',
    created: 'Se ha creado el superadministrador. Le enviamos a %{email} el enlace de invitación para asignar su contraseña (vale 72 horas).',
    updated: 'Se ha guardado la información de forma exitosa',
  },
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
      before: 'Antes',
      after: 'Después',
    },
  },
  /** The mail log (`GET /maillog/`, resources/maillog.ts). */
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
    },
  },
  /** The loaded e-mail accounts (`GET /emails/`, resources/mailAccounts.ts). */
  emails: {
    fields: { id: 'ID', siteId: 'Entidad', siteName: 'Nombre de la entidad', email: 'Correo', lastLogin: 'Último ingreso', year: 'Año', month: 'Mes' },
  },
  // The requests' declaration texts (siteDetail.ts); their approve/reject texts (siteRequests.ts) are the detail part's.
  siterequests: siteDetailResourceTexts.siterequests,
} as const;
