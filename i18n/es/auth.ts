/** Sign-in, password recovery and session texts (spec 01 §2 'Login and recovery', §8). */
export const auth = {
  login: {
    title: 'Iniciar sesión',
    subtitle: 'Administrador de portales territoriales',
    email: 'Correo electrónico',
    password: 'Contraseña',
    captcha: 'Captcha',
    captcha_image: 'Imagen del captcha',
    captcha_reload: 'Cargar otro captcha',
    captcha_help: 'Escribe las 5 letras o números de la imagen; da igual si en mayúsculas o minúsculas.',
    submit: 'Ingresar',
    forgot: '¿Olvidaste tu contraseña?',
    failed: 'Usuario o clave incorrecta',
    password_saved: 'Tu nueva contraseña ha sido guardada',
    /** After an invitation's link: the password was created and the account is active (auth.activation). */
    account_activated: 'Tu cuenta está activa: ingresa con tu nueva contraseña',
  },
  recovery_request: {
    title: 'Recuperar contraseña',
    text: 'Ingresa tu correo electrónico y te enviaremos un enlace para cambiar tu contraseña.',
    email: 'Correo electrónico',
    submit: 'Enviar',
    sent: 'Se ha enviado una url a tu correo electrónico para que puedas ingresar a cambiar tu contraseña.',
    back: 'Volver a iniciar sesión',
  },
  recovery: {
    title: 'Cambiar contraseña',
    text: 'Ingresa tu nueva contraseña para %{email}.',
    password: 'Nueva contraseña',
    confirm_password: 'Confirmar contraseña',
    submit: 'Guardar contraseña',
    checking: 'Validando el enlace…',
    checking_title: 'Tu contraseña',
  },
  /** The invitation link of a new superadmin (the same page, an account without a password yet). */
  activation: {
    title: 'Activa tu cuenta',
    text: 'Crea tu contraseña para ingresar con %{email}.',
    password: 'Contraseña',
    submit: 'Crear contraseña y activar la cuenta',
  },
  session: {
    expired: 'La sesión ha expirado, vuelve a conectarte',
    login_again: 'Iniciar Sesión',
    logout: 'Cerrar sesión',
  },
} as const;

/**
 * Validation messages of the signed-out forms (sign-in, recovery request, new password), word for word: the keys
 * `validation.login.*` (with the sign-in page, i18n/es/loading.ts).
 */
export const authValidation = {
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
};

export const messages = { auth, validation: authValidation };
