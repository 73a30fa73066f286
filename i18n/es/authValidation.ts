/**
 * Validation messages of the signed-out forms (sign-in, recovery request, new password), word for word: the keys
 * `validation.login.*`. Apart from validation.ts because they load with the sign-in page, the rest after sign-in
 * (signIn.ts / signedIn.ts).
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
