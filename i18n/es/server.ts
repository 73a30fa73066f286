/**
 * The texts only the server shows (answers, e-mails, the OpenAPI document, startup messages; server/i18n.ts): never
 * loaded by the browser. Each area's texts the admin also shows are in that area's file.
 */

/** The messages of every list's query string (server/lists/listQuery.ts): one per refused parameter, the same on every list. */
export const lists = {
  query: {
    page: 'El número de página no es válido',
    page_deep: 'Esa página está demasiado lejos (más de %{max} registros antes): avanza con la página siguiente o filtra la lista',
    page_size: 'El tamaño de página debe ser un número entre 1 y %{max}',
    order_by: 'El orden solicitado no es válido',
    repeated: 'Este parámetro admite un solo valor',
    integer: 'El valor debe ser un número entero válido',
    number: 'El valor debe ser un número',
    boolean: 'El valor debe ser true o false',
    text: 'El texto no puede superar los %{max} caracteres',
    text_short: 'Debes escribir por lo menos %{min} caracteres para buscar',
    date: 'La fecha no es válida',
    choice: 'El valor no es válido',
    too_many: 'Se admiten como máximo %{max} valores',
  },
} as const;

/** Texts the server answers or e-mails around sign-in, recovery and invitations (spec 01 §8). */
export const serverAuth = {
  recovery_sent: 'Se ha enviado una url a tu correo electrónico para que puedas ingresar a cambiar tu contraseña.',
  password_saved: 'Tu nueva contraseña ha sido guardada',
  login_delayed: 'Demasiados intentos fallidos con esta cuenta. Espera %{seconds} segundos e inténtalo de nuevo.',
  lock_mail: {
    subject: 'Tu cuenta de Portales fue bloqueada temporalmente',
    text:
      'Hola %{name},\n\n' +
      'Registramos %{failures} intentos fallidos de inicio de sesión en tu cuenta de superadministrador de Portales, ' +
      'por lo que la bloqueamos durante %{minutes} minutos. Pasado ese tiempo podrás ingresar de nuevo.\n\n' +
      'Si necesitas ingresar antes, o si no fuiste tú quien lo intentó, cambia tu contraseña con la opción ' +
      '"¿Olvidaste tu contraseña?" en %{link}: la recuperación funciona aunque la cuenta esté bloqueada y, ' +
      'al guardar la nueva contraseña, la cuenta se desbloquea.',
  },
  reset_mail: {
    subject: 'Recupera tu contraseña',
    text:
      'Hola %{name},\n\n' +
      'Recibimos una solicitud para cambiar la contraseña de tu cuenta de superadministrador de Portales.\n' +
      'Ingresa a la siguiente dirección para crear una nueva contraseña (vence en %{minutes} minutos):\n\n' +
      '%{link}\n\n' +
      'Si no solicitaste este cambio, ignora este mensaje: tu contraseña actual sigue vigente.',
  },
  invite_mail: {
    subject: 'Tu cuenta de superadministrador de Portales',
    text:
      'Hola %{name},\n\n' +
      'Se creó una cuenta de superadministrador de Portales para este correo electrónico.\n' +
      'Ingresa a la siguiente dirección para crear tu contraseña (vence en %{hours} horas):\n\n' +
      '%{link}',
  },
  email_changed_mail: {
    subject: 'Tu correo de acceso a Portales cambió',
    text:
      'Hola %{name},\n\n' +
      'Tu correo de acceso fue cambiado por %{actor} (%{actorEmail}): desde ahora tu cuenta de superadministrador de ' +
      'Portales ingresa con %{email}.\n' +
      'Por seguridad se cerraron las sesiones abiertas y se anularon los enlaces de recuperación o invitación pendientes.\n\n' +
      'Si no esperabas este cambio, comunícate de inmediato con otro superadministrador.',
  },
  bootstrap: {
    name: 'Superadministrador',
    created: 'Se creó el superadministrador inicial %{email}.',
    generated_password: 'Se creó el superadministrador inicial %{email} con la contraseña %{password} (cámbiala al ingresar; no se volverá a mostrar).',
  },
} as const;

/** The installation of an approved site request (issue 9): its steps, errors, activation e-mail and retry (server and screens). */
export const installation = {
  steps: {
    url: 'Reservar la URL del portal',
    matomo: 'Registrar el portal en Matomo',
    installer: 'Instalar el portal',
    administrators: 'Crear los administradores principales',
    finish: 'Finalizar la instalación',
  },
  states: {
    queued: 'Instalación en espera',
    running: 'Instalación en curso',
    retry: 'La instalación se reintentará en unos minutos',
    failed: 'La instalación falló',
    cancelled: 'La instalación fue cancelada',
    done: 'Portal instalado',
  },
  skipped: {
    installed: 'El portal ya estaba instalado',
    matomo_off: 'Matomo no está configurado',
    piwik_kept: 'El portal ya tenía un sitio en Matomo',
    builtin: 'Instalador integrado: el portal queda instalado y activo al finalizar',
  },
  roles: {
    LegalRepresentative: 'representante legal',
    WebMaster: 'webmaster',
  },
  errors: {
    // spec 01 §8 'Approve errors'
    SiteUrlAlreadyExists: 'La URL asignada a este sitio ya se encuentra en uso',
    PiwikError: 'No fue posible registrar el sitio en Matomo',
    InstallerError: 'No fue posible instalar el portal, intenta de nuevo más tarde',
    DataBaseIsAlreadyExists: 'La base de datos de este portal ya existe',
    request_missing: 'La solicitud no existe',
    not_approved: 'La solicitud no está aprobada: solo se instala una solicitud aprobada',
    site_deleted: 'La entidad de esta solicitud fue eliminada',
    url_missing: 'La solicitud no tiene una URL válida para el portal',
    profile_missing: 'La solicitud no tiene los datos completos del %{role} (nombre y correo electrónico)',
    steps_pending: 'La instalación no puede finalizar: hay pasos sin terminar',
    in_progress: 'La instalación de esta solicitud está en curso',
    done: 'La instalación de esta solicitud ya terminó',
    activation_invalid: 'El enlace de activación no es válido, venció o ya fue usado',
  },
  mail: {
    access_subject: 'Tu acceso como administrador del portal %{site}',
    access_text:
      'Hola %{name}:\n\nFuiste registrado como %{role} del portal %{site}. Para activar tu cuenta y definir tu contraseña, ingresa a este enlace en las próximas %{hours} horas:\n\n%{link}\n\nSi no esperabas este mensaje, puedes ignorarlo.',
  },
};

/** Texts of the platform's portal keys and realtime events (server/portal, server/realtime). */
export const portal = {
  key_invalid: 'La clave del portal no es válida o fue revocada.',
  no_key: 'El portal no tiene una clave activa.',
  stats: {
    contents_required: 'Indica el número de contenidos del portal.',
    contents_invalid: 'El número de contenidos debe ser un entero entre 0 y 2.147.483.647.',
    comments_not_reported:
      'Los comentarios de la entidad son sus anotaciones en la plataforma y se cuentan allí: el portal solo informa sus contenidos.',
  },
};

export const realtime = {
  ticket_invalid: 'El pase para recibir eventos no es válido, ya se usó o caducó: solicita uno nuevo.',
  channels_required: 'Indica al menos un canal de eventos.',
  channel_unknown: 'El canal de eventos solicitado no existe.',
  last_event_id_invalid: 'El identificador del último evento recibido no es válido.',
};

/** Texts of the OpenAPI document (/api/v1/openapi.json): shared error answers and the top-level tags. */
export const openapi = {
  info: {
    title: 'Portales: API del back office de superadministración',
    description:
      'API /api/v1 del back office. Cada operación indica en "Acceso" los permisos que la permiten (basta uno). Todo error responde el sobre `Error` con un mensaje en español.',
    license: 'Propietaria: uso interno de la plataforma Portales',
  },
  servers: {
    same_origin: 'El mismo servidor que publica este documento',
  },
  responses: {
    success: 'Respuesta correcta.',
    created: 'Registro creado.',
    BadRequest: 'Datos no válidos: cada campo rechazado se informa en `error.details` con su `target`.',
    Unauthorized: 'Sin sesión válida: falta el token, no es válido o expiró (al iniciar sesión: credenciales incorrectas).',
    Forbidden: 'La sesión no tiene ninguno de los permisos que la operación exige.',
    NotFound: 'El registro no existe (o la ruta no existe).',
    Conflict: 'El estado del registro no permite el cambio (bloqueado, en uso o ya terminado).',
    Gone: 'El recurso ya no está disponible (por ejemplo, un enlace de descarga usado o vencido).',
    TooManyRequests: 'Demasiadas solicitudes desde esta dirección: espera antes de reintentar.',
    BadGateway: 'Un servicio externo no respondió o rechazó el cambio (p. ej. Matomo: `PiwikError`); no se guardó nada.',
  },
  tags: {
    Sesión: 'Inicio y cierre de sesión, captcha, usuario de la sesión y catálogo de permisos.',
    'Recuperación de contraseña': 'Enlace de recuperación por correo y nueva contraseña (sin sesión).',
    Superadministradores: 'Superadministradores y sus permisos.',
    Auditoría: 'Registro de auditoría: quién cambió qué, cuándo y desde dónde.',
    Ubicaciones: 'Departamentos y municipios (DIVIPOLA).',
    Portales: 'Entidades (portales) y sus grupos.',
    Trabajos: 'Trabajos en segundo plano: estado, progreso, elementos y cancelación.',
  },
  tag_fallback: 'Operaciones de %{tag}.',
};

/** What `npm start` prints about the data folder (never shown in the admin). */
export const serverStartup = {
  data_dir_locked:
    'Otro servidor (PID %{pid}) ya usa la carpeta de datos %{dir}: deténgalo o use otro DATA_DIR. ' +
    'Si ese proceso no es un servidor de Portales, borre %{file} y vuelva a iniciar.',
  stale_lock: 'Se retomó el bloqueo abandonado de la carpeta de datos %{dir} (el proceso %{pid} ya no existe).',
} as const;
