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
