/**
 * Texts of the portals' look (resources/portalLook.ts: footer, featured menus, shortcuts), part of the settings area's
 * messages (i18n/es/settings.ts): `resources.*`, `validation.portalLook.*` and the screens' `portalLook.*`.
 */
export const portalLookResources = {
  footerLinks: {
    name: 'Enlace |||| Enlaces del pie de página',
    title: 'Pie de página',
    description: 'Enlaces y sello del pie de página de los portales',
    fields: { footerContentID: 'ID', name: 'Nombre', url: 'Enlace', displayOrder: 'Orden', slot: 'Lugar' },
  },
  footerSign: {
    name: 'Sello',
    title: 'Sello del pie de página',
    fields: { id: 'ID', text: 'Texto', url: 'Enlace', svg: 'Ícono SVG (16 x 16 px, máximo 5 KB)' },
  },
  featuredMenus: {
    name: 'Elemento |||| Elementos del menú',
    title: 'Menú destacado',
    description: 'Menú destacado de los portales por tipo de entidad',
    fields: { featuredMenuID: 'ID', siteTypeMenuID: 'Tipo de entidad', name: 'Nombre', displayOrder: 'Orden' },
  },
  seedlinks: {
    name: 'Enlace sugerido |||| Enlaces sugeridos',
    title: 'Enlaces sugeridos',
    fields: { seedLinkID: 'ID', title: 'Título', url: 'Enlace', icon: 'Ícono' },
  },
  launchpad: {
    name: 'Acceso directo |||| Accesos directos',
    title: 'Accesos directos',
    fields: { launchPadID: 'ID', title: 'Título', url: 'Enlace', icon: 'Ícono', order: 'Orden', seedLinkID: 'Enlace sugerido', slot: 'Lugar' },
    actions: { sort: 'Ordenar' },
    choices: {
      icon: {
        home: 'Inicio',
        search: 'Búsqueda',
        phone: 'Teléfono',
        email: 'Correo',
        calendar: 'Calendario',
        location: 'Ubicación',
        document: 'Documento',
        folder: 'Carpeta',
        person: 'Persona',
        group: 'Grupo',
        news: 'Noticias',
        info: 'Información',
        help: 'Ayuda',
        settings: 'Configuración',
        star: 'Estrella',
        favorite: 'Favorito',
        shopping: 'Compras',
        payment: 'Pagos',
        school: 'Educación',
        health: 'Salud',
        work: 'Empleo',
        transport: 'Transporte',
        security: 'Seguridad',
        gavel: 'Normativa',
      },
    },
  },
} as const;

export const portalLookValidation = {
  portalLook: {
    name_required: 'Debes ingresar el nombre',
    url_required: 'Debes ingresar el enlace',
    url_invalid: 'link inválido',
    text_required: 'Debes ingresar el texto',
    title_required: 'Debes ingresar el título',
    title_too_long: 'El título no puede tener más de 21 caracteres',
    link_required: 'Debes ingresar el enlace',
    footer_max_links: 'El pie de página admite máximo %{max} enlaces',
    launchpad_max_links: 'Puedes tener máximo %{max} accesos directos',
  },
} as const;

export const portalLook = {
  saved: 'Se ha guardado la información de forma exitosa',
  deleted: 'Acceso directo eliminado correctamente',
  confirm_delete: '¿Seguro deseas eliminar este acceso directo?',
} as const;
