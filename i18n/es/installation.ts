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
