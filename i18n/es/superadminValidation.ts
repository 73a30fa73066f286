/**
 * The superadmin form's and the people API's messages (`validation.superadmin.*` but `email_invalid`, which every
 * e-mail field shows): the people part's (i18n/es/peoplePart.ts), not the signed-in part's, as only /administradores
 * and the engine's screens use them.
 */
export const superadminValidation = {
  name_required: 'Debes ingresar un nombre',
  name_min: 'El mínimo de caracteres para el nombre es de 5',
  name_max: 'La longitud máxima es de 200 caracteres',
  email_required: 'Debes ingresar el correo electrónico',
  permissions: 'Debes seleccionar por lo menos un permiso para el usuario',
  email_used: 'El correo electrónico ya lo está utilizando otro usuario',
  self_deactivation: 'No puedes inactivar tu propio usuario.',
  self_permissions: 'No puedes cambiar tus propios permisos: pídeselo a otro superadministrador.',
  password_by_link:
    'La contraseña de otro superadministrador solo se asigna con el enlace de invitación o recuperación que recibe en su correo.',
  own_password_by_link: 'Tu contraseña solo se cambia con el enlace de recuperación («¿Olvidaste tu contraseña?»).',
  grant_unheld: 'Solo puedes asignar permisos que tú tienes.',
  outranked: 'No puedes modificar a un superadministrador con permisos que tú no tienes.',
} as const;
