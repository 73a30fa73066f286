/** Site backups (spec 01 §3 'Backup', §4, §8): the detail's backup summary, the download page and the server's texts. */
export const backups = {
  title: 'Copias de seguridad',
  messages: {
    created: 'Se está generando la copia de seguridad; te avisaremos por correo cuando esté lista (entre 30 y 60 minutos)',
    deleted: 'Backup eliminado correctamente',
    confirm_delete: '¿Seguro que deseas eliminar esta copia de seguridad? El archivo ya no podrá descargarse.',
    empty: 'Esta entidad no tiene copias de seguridad',
  },
  errors: {
    already_pending: 'No se puede generar backup: la entidad %{site} tiene una copia de seguridad pendiente',
    replace_needed: 'La entidad %{site} ya tiene una copia de seguridad lista: confirma que deseas reemplazarla',
    generating: 'Error generando backup, intenta más tarde',
    loading: 'Error cargando los backups',
    token: 'Error generando token de descarga',
    deleting: 'Error eliminando backup',
    gone: 'Este archivo ya no se encuentra para descarga',
    in_progress: 'La copia de seguridad se está generando: podrás eliminarla cuando termine',
    not_ready: 'La copia de seguridad aún no está lista para descargar',
    portal_content: 'El instalador no entregó el contenido del portal: se intentará de nuevo',
  },
  mail: {
    ready_subject: 'La copia de seguridad de %{site} está lista',
    ready_text:
      'Hola %{name}:\n\nLa copia de seguridad de %{site} que solicitaste está lista. Descárgala desde el detalle de la entidad en el administrador de portales: %{url}\n\nEstará disponible hasta el %{until}.',
    failed_subject: 'No fue posible generar la copia de seguridad de %{site}',
    failed_text: 'Hola %{name}:\n\nNo fue posible generar la copia de seguridad de %{site}. Intenta de nuevo más tarde desde el detalle de la entidad.',
  },
  /** The detail's backup summary (src/sites/backups/SiteBackups.tsx). */
  summary: {
    title: 'Copias de seguridad',
    caption: 'La copia de seguridad de esta entidad y la que se esté generando para reemplazarla',
    actions: 'Acciones',
    refreshing_live: 'Hay una copia de seguridad en proceso: esta lista se actualiza en cuanto cambie su estado.',
    download_label: 'Descargar la copia de seguridad del %{date}',
    delete_label: 'Eliminar la copia de seguridad del %{date}',
  },
  actions: {
    request: 'Solicitar copia de seguridad',
    download: 'Descargar',
    delete: 'Eliminar',
  },
  request: {
    confirm_title: 'Solicitar copia de seguridad',
    confirm:
      'Se generará una copia de seguridad con toda la información de esta entidad. Tarda entre 30 y 60 minutos y te avisaremos por correo cuando esté lista. ¿Deseas continuar?',
    replace_title: 'Reemplazar copia de seguridad',
    replace:
      'Esta entidad ya tiene una copia de seguridad lista. Cada entidad conserva una sola: se generará una nueva (tarda entre 30 y 60 minutos) y la actual se eliminará cuando la nueva esté lista. ¿Deseas reemplazarla?',
  },
  /** BackupRequestAlreadyPeding: the error modal with the way to the site that holds the pending backup. */
  pending: {
    title: 'Error',
    go_to_site: 'Ir a la entidad con la copia pendiente',
    close: 'Entendido',
  },
  /** /descargar-backup/{hash} and /download/{hash} (src/sites/backups/BackupDownloadPage.tsx). */
  download_page: {
    title: 'Descargar copia de seguridad',
    intro: 'Pulsa Descargar para obtener el archivo .zip de la copia de seguridad. Cada enlace de descarga sirve una sola vez.',
    preparing: 'Preparando la descarga…',
    started: 'La descarga comenzó. Si necesitas el archivo otra vez, pulsa Descargar de nuevo.',
    go_to_sites: 'Ir a Portales',
  },
};

// Apart from backups.ts: these load with every signed-in screen (resources.ts), the backups' texts only with the detail.
/** Texts of the backups declaration (resources/backups.ts), the area's `resources.*`. */
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
      requestedBy: 'Solicitado por',
      sha256: 'Suma SHA-256',
      error: 'Error',
      expiresAt: 'Vence',
    },
    choices: {
      status: {
        requested: 'Solicitada',
        inProgress: 'En proceso',
        ready: 'Lista para descargar',
        failed: 'Falló',
        /** Only the detail's summary shows it: a ready backup whose zip was deleted after BACKUP_RETENTION_DAYS. */
        expired: 'Vencida: el archivo se eliminó',
      },
    },
  },
} as const;

export const messages = { backups, resources: backupResourceTexts };
