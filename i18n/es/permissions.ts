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
