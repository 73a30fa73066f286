// Apart from backups.ts: these load with every signed-in screen (resources.ts), the backups' texts only with the detail.
/** Texts of the backups declaration (resources/backups.ts), merged into `resources.*` by i18n/es/signedInResources.ts. */
export const backupResourceTexts = {
  backups: {
    fields: {
      id: 'Id',
      siteId: 'Entidad',
      site: 'Entidad',
      status: 'Estado',
      creationDate: 'Fecha de solicitud',
      processDate: 'Fecha de generación',
      size: 'Tamaño',
      downloadHash: 'Código de descarga',
      jobId: 'Trabajo',
    },
    choices: {
      status: {
        requested: 'Solicitada',
        inProgress: 'En proceso',
        ready: 'Lista para descargar',
        failed: 'Falló',
      },
    },
  },
} as const;
