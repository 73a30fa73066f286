/** Texts of the mail log (server/mail/mailLog.ts, GET /maillog/): states, template names, stored errors, filters. */
export const maillog = {
  states: {
    queued: 'En cola',
    sending: 'Enviando',
    retrying: 'Reintento programado',
    sent: 'Enviado',
    failed: 'Falló',
  },
  /** `maillog.templates.<template name>` (the names are in resources/maillog.ts MAIL_TEMPLATES). */
  templates: {
    account: {
      recovery: 'Recuperación de contraseña',
      invitation: 'Invitación de superadministrador',
      lock: 'Aviso de cuenta bloqueada',
      email_changed: 'Aviso de cambio de correo',
    },
    sites: {
      installation_access: 'Acceso de administrador de portal',
    },
    administrators: {
      update_reminder: 'Recordatorio de actualización de datos',
    },
  },
  errors: {
    temporary: 'Falla temporal del servidor de correo: %{detail}',
    permanent: 'El servidor de correo rechazó el mensaje: %{detail}',
    connection: 'No fue posible conectar con el servidor de correo: %{detail}',
    exhausted: 'Se agotaron los %{attempts} intentos de envío. Último error: %{detail}',
  },
  validation: {
    state_invalid: 'El estado no es válido',
    range_invalid: 'El rango de fechas ingresado no es válido',
  },
};

export const messages = { maillog };
