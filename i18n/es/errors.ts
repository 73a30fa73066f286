/** The error catalogue (spec 01 §8, spec 02 §8, spec 03 §8), word for word. */
export const errors = {
  server: 'Lo sentimos, no se pudo completar la operación.',
  unauthorized: 'Tu sesión ha caducado, vuelve a iniciar sesión.',
  forbidden: 'Lo sentimos, no tienes permisos para ejecutar esta acción.',
  not_found: 'Lo sentimos, este recurso ya no esta disponible.',
  session_expired: 'La sesión ha expirado, vuelve a conectarte',
  login_failed: 'Usuario o clave incorrecta',
  invalid_request: 'La información enviada no es válida.',
  too_many_requests: 'Demasiadas solicitudes seguidas. Espera un momento e inténtalo de nuevo.',
  captcha_invalid: 'El Captcha ingresado no es correcto',
  duplicate: 'El valor ya se encuentra registrado.',
  in_use: 'No se puede eliminar este registro porque está en uso.',
  locked: 'Este registro no se puede modificar ni eliminar.',
  // Refusals of malformed input (docs/decisions/0002-api-conventions.md): not in the spec's catalogue.
  invalid_value: 'Un valor enviado no es válido o está fuera del rango permitido.',
  input_nul: 'El texto enviado contiene caracteres no permitidos.',
  input_key: 'La información enviada contiene un nombre de campo no permitido.',
  input_depth: 'La información enviada tiene demasiados niveles anidados.',
  url_invalid: 'La dirección solicitada no es válida.',
  url_too_long: 'La dirección solicitada es demasiado larga.',
  headers_too_large: 'Los encabezados de la solicitud son demasiado grandes.',
  request_timeout: 'La solicitud tardó demasiado en llegar.',
  // Collection updates (PUT of a whole list, docs/adding-a-resource.md): the item index is in the detail's target.
  collection_item: 'Cada elemento de la lista debe ser un registro.',
  collection_unknown_id: 'El registro no existe o no pertenece a esta lista.',
  collection_repeated_id: 'El registro figura más de una vez en la lista.',
} as const;

export const messages = { errors };
