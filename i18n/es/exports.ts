/**
 * Texts of the list exports (server/exports/): file names, column headers of each exported list, cell
 * values, and the download button of the admin (src/shared/ExportButton.tsx).
 */
export const exportTexts = {
  /** File name stems: the date of the download and the extension are added (`portales-2026-11-23.xlsx`). */
  files: {
    sites: 'portales',
    site_requests: 'solicitudes-portales',
    audit: 'auditoria',
    administrators: 'administradores',
    site_users: 'usuarios',
    terms_acceptances: 'aceptaciones-terminos',
    email_notifications: 'reporte-correos',
  },
  /** Exports written by a job (server/resources/backgroundExports.ts). */
  background: {
    not_ready: 'El archivo aún se está generando: espera a que termine.',
    missing: 'Este archivo ya no se encuentra para descarga',
  },
  /** Name of the worksheet of an XLSX export. */
  sheet: 'Datos',
  values: {
    yes: 'Sí',
    no: 'No',
  },
  format: {
    description: 'Formato del archivo: csv (por defecto) o xlsx',
    invalid: 'El formato debe ser csv o xlsx',
    /** An export that offers one format only (a declared export's `formats`). */
    only: 'El formato debe ser %{formats}',
  },
  response: 'El archivo con todas las filas que cumplen los filtros (sin límite de filas)',
  columns: {
    sites: {
      id: 'ID',
      name: 'Nombre',
      alias: 'Alias',
      siteType: 'Tipo de entidad',
      parentLocation: 'Departamento',
      childLocation: 'Municipio',
      url: 'Dominio (URL)',
      countUsers: 'Usuarios',
      countEmails: 'Correos',
      countContents: 'Contenidos',
      countComments: 'Anotaciones',
      population: 'Población',
      statusName: 'Estado',
      pendingRequest: 'Solicitud pendiente',
      requestType: 'Tipo de solicitud',
      modifiedDate: 'Fecha de modificación',
    },
    site_requests: {
      id: 'ID de la solicitud',
      siteId: 'ID de la entidad',
      siteName: 'Entidad',
      siteType: 'Tipo de entidad',
      parentLocation: 'Departamento',
      childLocation: 'Municipio',
      kind: 'Tipo de solicitud',
      status: 'Estado de la solicitud',
      creationDate: 'Fecha de la solicitud',
      processedDate: 'Fecha de respuesta',
    },
  },
  request_status: {
    PendingApproval: 'Por aprobar',
    Approved: 'Aprobada',
    Rejected: 'Rechazada',
  },
  /** The admin's download button. */
  button: {
    busy: 'Preparando la descarga…',
    csv: 'Descargar CSV',
    xlsx: 'Descargar Excel (XLSX)',
    error: 'No se pudo descargar el archivo, intenta más tarde',
  },
  /** A file written in the background (src/shared/BackgroundExportButton.tsx). */
  background_button: {
    start: 'Exportar',
    starting: 'Iniciando la exportación…',
    title: 'Exportación en curso',
    ready: 'El archivo está listo para descargar',
    failed: 'No se pudo generar el archivo, intenta más tarde',
    download: 'Descargar archivo',
    close: 'Cerrar',
  },
} as const;

export const messages = { exports: exportTexts };
