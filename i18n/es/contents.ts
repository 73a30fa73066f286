/**
 * Texts of pop-ups and news (/contenidos, spec 02 §2, §4, §5 'Content', §8): cards, form, schedule, preview, the crawler,
 * the global content block and the delivery API. Messages the spec words are copied exactly.
 */
export const contents = {
  title: 'Ventanas emergentes y noticias',
  created: 'Contenido creado',
  updated: 'Contenido modificado',
  empty: 'No se encontraron resultados para la búsqueda',
  confirm_disable: '¿Estás seguro que deseas inactivar este contenido?',
  confirm_enable_required: 'Este contenido es obligatorio y llegará a %{portals} portales. ¿Deseas activarlo?',
  filter: { all: 'Todos', active: 'Activos', inactive: 'Inactivos' },
  search: 'Buscar contenido',
  create: 'Crear contenido',
  edit: 'Editar contenido',
  preview: 'Vista previa',
  schedule: 'Programar',
  schedule_title: 'Programar publicación',
  schedule_from: 'Definir fecha de inicio',
  schedule_to: 'Definir fecha de finalización',
  activate: 'Activar',
  inactivate: 'Inactivar',
  drag: 'Arrastra para cambiar el orden de %{name}',
  status: {
    scheduled: 'Programado',
    expired: 'Vencido',
    active: 'Activo',
    inactive: 'Inactivo',
  },
  show_mode: { popup: 'Ventana emergente', news: 'Noticia' },
  crawl: {
    loading: 'Leyendo el enlace…',
    failed: 'No pudimos leer la información del enlace. Completa los campos manualmente.',
  },
  link_preview: {
    title: 'Vista previa del enlace',
    loading: 'Cargando la vista previa del enlace…',
    failed: 'No pudimos mostrar la vista previa de este enlace.',
  },
  block: {
    title: 'Bloque de contenidos globales',
    sliders: 'Sliders',
    add_slider: 'Agregar slider',
    saved: 'Se ha guardado la información de forma exitosa',
  },
  validation: {
    name_required: 'Debes ingresar un título',
    name_length: 'El título debe tener entre 4 y 120 caracteres',
    body_required: 'Debes ingresar una descripción',
    body_length: 'La descripción debe tener entre 20 y 400 caracteres',
    link: 'Debes ingresar un enlace válido (http o https)',
    link_length: 'El enlace no puede superar los 250 caracteres',
    button_length: 'El nombre del botón no puede superar los 20 caracteres',
    dates: 'La fecha inicial debe ser menor que la fecha final.',
    date_required: 'Debes ingresar la fecha',
    image_required: 'Debes cargar una imagen antes de publicar el contenido.',
    show_mode: 'Debes seleccionar cómo se muestra el contenido',
    user_type: 'Debes seleccionar a quién se muestra el contenido',
    audience_empty: 'La segmentación de este contenido no llega a ningún portal',
    expired: 'Este contenido está vencido: no se puede activar ni inactivar',
    flag: 'El valor debe ser true o false',
  },
  server: {
    crawler_failed: 'No fue posible leer la página del enlace. Verifica que sea pública y vuelve a intentarlo.',
    crawler_refused: 'El enlace apunta a una dirección que no es pública.',
    crawler_url: 'Debes ingresar un enlace válido (http o https)',
  },
};

/** The declarations' labels (resources/contents.ts). */
const contentResources = {
  contents: {
    title: 'Contenidos',
    fields: {
      contentID: 'ID',
      name: 'Título',
      body: 'Descripción',
      externalLink: 'Enlace externo',
      nameButtonUrl: 'Nombre del botón',
      showMode: 'Tipo de contenido',
      showForTypeUserId: 'Dirigido a',
      isRequired: 'Contenido crítico (obligatorio)',
      published: 'Publicado',
      showFromDate: 'Fecha de inicio',
      showToDate: 'Fecha de finalización',
      image: 'Imagen',
      displayOrder: 'Orden',
      audience: 'Segmentación',
      createdDate: 'Fecha de creación',
    },
    choices: {
      showMode: { '1': 'Ventana emergente', '2': 'Noticia' },
      showForTypeUserId: { '1': 'Administradores', '2': 'Ciudadanos' },
    },
    actions: { enable: 'Activar', disable: 'Inactivar', sort: 'Ordenar' },
  },
  sliderconfigs: {
    title: 'Sliders del bloque de contenidos globales',
    fields: { sliderConfigId: 'ID', nameSlider: 'Nombre del slider', url: 'Enlace', active: 'Activo' },
  },
  contentblock: {
    title: 'Bloque de contenidos globales',
    fields: { id: 'ID', title: 'Título del bloque', color: 'Color' },
  },
};

export const messages = { contents, resources: contentResources };
