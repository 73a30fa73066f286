/** Validation messages (spec §5 of each document), word for word. Keys are used by yup schemas. */
export const validation = {
  required: 'Este campo es obligatorio',
  invalid: 'El valor no es válido',
  /** The base rules of the engine's field kinds (resources/fieldKinds.ts). */
  field: {
    required: 'Este campo es obligatorio',
    too_long: 'El texto supera la longitud permitida',
    url: 'Debes ingresar una dirección web válida (http:// o https://)',
    integer: 'Debes ingresar un número entero',
    number: 'Debes ingresar un número',
    boolean: 'Debes indicar sí o no',
    date: 'La fecha no es válida',
    choice: 'Debes seleccionar una opción válida',
    color: 'Debes ingresar un color en formato #RRGGBB',
    reference: 'El registro seleccionado no existe',
    json: 'El valor debe ser un objeto o una lista JSON',
    file: 'Debes seleccionar un archivo subido',
    list: 'Debes seleccionar una lista de registros',
    too_many: 'Seleccionaste demasiados registros',
  },
  catalogue: {
    name: 'Debes registrar un nombre válido',
  },
  /** The body of a collection sort (server/resources/actionRules.ts `readSortList`). */
  sort: {
    list: 'Debes enviar la lista de registros con su orden',
    item: 'Cada elemento debe indicar el registro y su orden',
    repeated: 'El registro aparece más de una vez en la lista',
  },
  sitetypes: {
    percentage_required: 'Debes ingresar el porcentage',
    percentage_invalid: 'El valor no es válido',
  },
  login: {
    email_required: 'Debes ingresar el correo electrónico',
    email_invalid: 'Correo electrónico no válido',
    password_required: 'Debes ingresar tu contraseña',
    captcha_required: 'Debes ingresar el Captcha',
    recovery_email: 'Debes ingresar un correo electrónico válido',
    new_password: 'Debes por lo menos 6 caracteres',
    new_password_max: 'La longitud máxima es de 50 caracteres',
    passwords_mismatch: 'Las contraseñas no coinciden',
  },
  superadmin: {
    name_required: 'Debes ingresar un nombre',
    name_min: 'El mínimo de caracteres para el nombre es de 5',
    name_max: 'La longitud máxima es de 200 caracteres',
    email_required: 'Debes ingresar el correo electrónico',
    email_invalid: 'Correo electrónico no válido',
    permissions: 'Debes seleccionar por lo menos un permiso para el usuario',
    email_used: 'El correo electrónico ya lo está utilizando otro usuario',
    self_deactivation: 'No puedes inactivar tu propio usuario.',
    self_permissions: 'No puedes cambiar tus propios permisos: pídeselo a otro superadministrador.',
    password_by_link:
      'La contraseña de otro superadministrador solo se asigna con el enlace de invitación o recuperación que recibe en su correo.',
    own_password_by_link: 'Tu contraseña solo se cambia con el enlace de recuperación («¿Olvidaste tu contraseña?»).',
    grant_unheld: 'Solo puedes asignar permisos que tú tienes.',
    outranked: 'No puedes modificar a un superadministrador con permisos que tú no tienes.',
  },
  audit: {
    date_invalid: 'La fecha no es válida',
  },
} as const;
