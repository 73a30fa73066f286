// Apart from siteDetail.ts: these load with every signed-in screen (resources.ts), the detail's texts only with the detail.
/**
 * Texts of the site annotations and requests declarations (resources/siteComments.ts, siteRequests.ts), merged into
 * `resources.*` by i18n/es/signedInResources.ts (labels `resources.<name>.fields.<source>`, choices `resources.<name>.choices.<source>.<id>`).
 */
export const siteDetailResourceTexts = {
  sitecomments: {
    title: 'Anotaciones de la entidad',
    fields: {
      siteCommentID: 'ID',
      siteId: 'Entidad',
      description: 'Anotación',
      files: 'Adjuntos',
      userId: 'Autor (ID)',
      userName: 'Autor',
      creationDate: 'Fecha',
    },
  },
  siterequests: {
    title: 'Solicitudes de la entidad',
    fields: {
      id: 'ID',
      siteId: 'Entidad',
      kind: 'Tipo de solicitud',
      status: 'Estado',
      statusName: 'Estado',
      responseMessage: 'Respuesta',
      creationDate: 'Fecha de la solicitud',
      processedDate: 'Fecha de respuesta',
      legalRepresentative: 'Representante legal',
      webMaster: 'Webmaster',
      files: 'Documentos',
      submission: 'Detalle de la solicitud',
    },
    choices: {
      kind: { FirstTime: 'Primera vez', ChangeAdmin: 'Cambio de administrador', UserMade: 'Entidad no existente' },
      status: { PendingApproval: 'Pendiente de aprobación', Approved: 'Aprobada', Rejected: 'Rechazada' },
    },
  },
} as const;
