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
