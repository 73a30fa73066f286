/** Static pages, section titles of the route table and the shared modals and notices. */
export const pages = {
  /** The browser tab: the screen's title and the platform's name. */
  document_title: '%{title} · Portales',
  not_found: {
    title: 'Página no encontrada',
    text: 'La dirección que buscas no existe o ya no está disponible.',
    link: 'Ir al inicio de sesión',
  },
  under_construction: {
    title: 'Esta sección está en construcción',
    text: 'Muy pronto podrás usar esta sección desde aquí.',
  },
  home: {
    title: 'Solicitud de portal para entidades territoriales',
    intro:
      'Las entidades territoriales solicitan aquí su portal o el cambio de su administrador principal.',
    wizard_loading: 'Cargando…',
    login: 'Ingresar al administrador',
    terms: 'Términos y condiciones',
  },
  terms: {
    title: 'Términos y condiciones',
    intro:
      'Estos términos regulan el uso de la plataforma nacional de portales para entidades territoriales. Al solicitar o administrar un portal, la entidad y sus administradores aceptan las siguientes condiciones.',
    sections: {
      purpose_title: 'Objeto',
      purpose:
        'La plataforma ofrece a las entidades territoriales un portal web institucional con herramientas de publicación, participación ciudadana y atención al ciudadano, sin costo para la entidad.',
      responsibilities_title: 'Responsabilidades de la entidad',
      responsibilities:
        'La entidad designa a un representante legal y a un administrador web, mantiene actualizada la información publicada y responde por su veracidad, legalidad y oportunidad.',
      inactivity_title: 'Portales inactivos',
      inactivity:
        'Los portales que permanezcan inactivos por más de 3 meses podrán ser cancelados. Antes de la cancelación se notificará a la entidad, que contará con 1 mes para responder y manifestar su interés en conservar el portal.',
      backup_title: 'Copias de respaldo del correo',
      backup:
        'Cuando un portal sea cancelado, la copia de respaldo de los correos electrónicos asociados se conservará durante 90 días; pasado ese plazo será eliminada de forma definitiva.',
      data_title: 'Tratamiento de datos personales',
      data:
        'Los datos personales registrados en la plataforma se tratan conforme a la política de tratamiento de datos vigente y a la normativa colombiana de protección de datos personales.',
      changes_title: 'Cambios en los términos',
      changes:
        'Estos términos pueden actualizarse. La versión vigente se publica en esta página y las entidades serán informadas de los cambios relevantes.',
    },
    back: 'Volver',
  },
  download: {
    title: 'Descargar backup',
  },
  sections: {
    sites: 'Portales',
    site_groups: 'Grupos de portales',
    site_detail: 'Detalle del portal',
    users: 'Administradores',
    users_delete: 'Inactivación masiva de administradores',
    contents: 'Contenidos',
    banners: 'Banners',
    banner_form: 'Banner global',
    messages: 'Mensajes',
    metrics: 'Métricas',
    statistics: 'Ranking y estadísticas',
    settings: 'Configuración',
    update_sites: 'Actualizar orden y código de registro',
    email_report: 'Reporte de notificaciones por correo',
    admin_updates: 'Actualización de datos de administradores',
    procedure_texts: 'Textos de trámites',
    tooltips: 'Tooltips',
    data_policies: 'Políticas y tratamiento de datos',
    gallery: 'Galería',
    gallery_manager: 'Administrador de imágenes',
    fonts_themes: 'Fuentes y temas',
    footer: 'Pie de página',
    site_menu: 'Menú destacado',
    global_logos: 'Logos globales',
    content_logos: 'Logos de contenidos',
    backup_download: 'Descargar backup',
  },
  modals: {
    warning: 'Advertencia',
    success: 'Éxito',
    confirmation: 'Confirmación',
    continue: 'Continuar',
    back: 'Regresar',
    error_title: 'Error',
    understood: 'Entendido',
    accept: 'Aceptar',
    wait: 'Espera un momento, por favor…',
  },
  notices: {
    cookies:
      'Este sitio usa cookies propias para mantener tu sesión y recordar tus preferencias. Al continuar navegando aceptas su uso.',
    cookies_accept: 'Aceptar',
    width:
      'Este administrador está diseñado para pantallas de más de 1200 px de ancho. En pantallas más pequeñas algunas secciones pueden verse incompletas.',
    width_close: 'Entendido',
  },
} as const;

export const messages = { pages };
