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
