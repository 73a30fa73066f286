import { permissionTexts } from './permissions';

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
