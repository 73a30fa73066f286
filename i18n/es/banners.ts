/**
 * Texts of global banners (/banners, /banners/crud/{id}) and of global and content logos (/configuracion/logos/…),
 * spec 02 §2, §5 and §8 wording: screens, `resources.*` of their declarations (resources/banners.ts, resources/logos.ts)
 * and their validation.
 */
export const banners = {
  validation: {
    title_required: 'Debe agregar un título',
    title_line_breaks: 'El título no puede tener saltos de línea',
    subtitle_required: 'Debe agregar un subtítulo',
    description_required: 'Debe agregar un texto de accesibilidad',
    media_required: 'Debes ingresar una imágen o un video',
    youtube: 'Ingresa un enlace de un video de YouTube',
    position: 'La posición debe estar entre 0 y 100',
    rotation: 'La rotación debe estar entre 0 y 30 segundos',
    max_banners: 'Solo puede haber %{max} banners globales',
  },
  messages: {
    created: 'Se ha guardado la información de forma exitosa',
    updated: 'Información guardada de forma exitosa',
    deleted: 'El banner global ha sido eliminado',
    confirm_delete: '¿Estás seguro que deseas eliminar el banner global?',
    settings_saved: 'Información guardada de forma exitosa',
    empty: 'Aún no hay banners globales',
    sorted: 'Se ha guardado el orden de los banners',
  },
  list: {
    tools: 'Herramientas sugeridas',
    video_tutorial: 'Video tutorial',
    design_tool: 'Herramienta de diseño',
    settings: 'Configuración de los banners',
    max_reached: 'Ya tienes %{max} banners globales: elimina uno para agregar otro',
  },
  form: {
    create_title: 'Nuevo banner global',
    edit_title: 'Editar banner global',
    media: 'Imagen o video',
    media_image: 'Imagen',
    media_video: 'Video de YouTube',
    cover: 'Recorte de portada (4:1)',
    cover_x: 'Posición horizontal',
    cover_y: 'Posición vertical',
    cropping: 'Guardando el recorte…',
    crop_error: 'No se pudo guardar el recorte de la imagen',
    video_preview: 'Miniatura del video',
    back: 'Volver a banners',
  },
};

export const logos = {
  validation: {
    name_required: 'Debes ingresar un nombre para el logo',
    url_invalid: 'link inválido',
    max_content: 'Solo puede haber %{max} logos de contenidos',
  },
  messages: {
    global: {
      created: 'Tu logo global ha sido creado correctamente',
      updated: 'Tu logo global ha sido modificado correctamente',
      deleted: 'Tu logo global ha sido eliminado correctamente',
    },
    content: {
      created: 'Tu logo de contenidos ha sido creado correctamente',
      updated: 'Tu logo de contenidos ha sido modificado correctamente',
      deleted: 'Tu logo de contenidos ha sido eliminado correctamente',
    },
    confirm_delete: '¿Estás seguro que deseas eliminar este logo?',
    empty: 'Aún no hay logos',
  },
};

const bannerFields = {
  bannerID: 'Id',
  cover: 'Imagen',
  bannerType: 'Tipo de banner',
  section: 'Sección',
  mobile: 'Imagen para móviles',
  title: 'Título',
  subtitle: 'Subtítulo',
  description: 'Texto de accesibilidad',
  link: 'Enlace',
  image: 'Imagen del banner',
  positionX: 'Posición horizontal del recorte',
  positionY: 'Posición vertical del recorte',
  urlVideo: 'Enlace del video de YouTube',
  embedUrl: 'Dirección para insertar el video',
  videoThumbnail: 'Miniatura del video',
  showText: 'Mostrar texto',
  styleCenter: 'Texto centrado',
  isRequired: 'Obligatorio',
  audience: 'Audiencia',
  displayOrder: 'Orden',
  slot: 'Lugar',
};

const logoFields = {
  globalLogoId: 'Id',
  image: 'Logo (200 x 200 px)',
  name: 'Nombre',
  url: 'Enlace',
  audience: 'Audiencia',
  position: 'Orden',
  logoType: 'Tipo de logo',
  slot: 'Lugar',
};

export const resources = {
  banners: {
    name: 'Banner global |||| Banners globales',
    title: 'Banners globales',
    fields: bannerFields,
    choices: { bannerType: { Secondary: 'Secundario', Institutional: 'Institucional' } },
    actions: { sort: 'Ordenar' },
  },
  bannerSettings: {
    name: 'Configuración de banners',
    title: 'Configuración de los banners',
    fields: {
      id: 'Id',
      position: 'Posición del banner global secundario',
      rotation: 'Rotación (segundos)',
      linkVideoTutorial: 'Enlace del video tutorial',
      linkHerramientaDiseno: 'Enlace de la herramienta de diseño',
    },
    choices: { position: { 1: 'Primero', 2: 'Segundo', 3: 'Último' } },
  },
  globalLogos: {
    name: 'Logo global |||| Logos globales',
    title: 'Logos globales',
    fields: logoFields,
    actions: { sort: 'Ordenar' },
  },
  contentLogos: {
    name: 'Logo de contenidos |||| Logos de contenidos',
    title: 'Logos de contenidos',
    fields: logoFields,
    actions: { sort: 'Ordenar' },
  },
};

export const messages = { banners, logos, resources };
