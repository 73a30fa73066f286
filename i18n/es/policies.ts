/**
 * Policy version histories and the administrators' update schedule (/configuracion/politicas-datos,
 * /configuracion/actualizacion-administradores; spec 03 §4, §5, §8): their declarations' texts, their rules' messages
 * (the spec's own words) and the reminder e-mail.
 */
const historyFields = {
  id: 'Índice',
  identifier: 'Identificador',
  file: 'Archivo',
  description: 'Descripción',
  publicationDate: 'Fecha de publicación',
  updateDate: 'Fecha de actualización',
  endDate: 'Fecha de finalización',
};

export const policies = {
  current: 'Vigente',
  created: 'El historial de versiones se guardó de forma exitosa',
  updated: 'El historial de versiones se guardó de forma exitosa',
  empty: 'Aún no hay versiones registradas',
} as const;

export const updateSchedules = {
  saved: 'Se ha guardado la información de forma exitosa',
  deleted: 'Configuración eliminada',
  confirm_delete: '¿Seguro deseas eliminar este registro?',
  empty: 'Aún no hay configuraciones de actualización',
  overwrite: 'La configuración ingresada ya se encuentra en el sistema. ¿Deseas sobrescribir los días de actualización?',
  by_days: 'Por días',
  by_date: 'Por fecha',
  reminder: {
    subject: 'Actualiza los datos de tu entidad',
    text: 'Hola, %{name}: los datos de administración de %{site} no se han actualizado desde %{since}. Ingresa al administrador de tu portal y actualízalos.',
  },
} as const;

const resources = {
  dataProcessingHistories: {
    name: 'Versión |||| Versiones de tratamiento de datos',
    title: 'Políticas de tratamiento de datos',
    description: 'Historial de versiones de la política de tratamiento de datos y de los términos y condiciones',
    fields: historyFields,
  },
  termsConditionHistories: {
    name: 'Versión |||| Versiones de términos y condiciones',
    title: 'Términos y condiciones',
    fields: historyFields,
  },
  updateSchedules: {
    name: 'Configuración |||| Configuraciones de actualización',
    title: 'Actualización de datos de administradores',
    description: 'Cada cuántos días o en qué fecha se pide a los administradores actualizar sus datos',
    fields: {
      id: 'ID',
      numberDays: 'Días',
      schedulingDate: 'Fecha programada',
      locations: 'Departamentos y municipios',
      siteTypes: 'Tipos de entidad',
      configKey: 'Configuración',
    },
  },
} as const;

const validation = {
  policies: {
    publication_future: 'La fecha de publicación no puede ser posterior a hoy',
    publication_before_previous: 'La fecha de publicación no puede ser anterior a la de la versión anterior',
    publication_invalid: 'Debes ingresar una fecha de publicación válida',
    fix_before_save: 'Corrige la información antes de guardar.',
    fix_before_add: 'Corrige el registro antes de agregar más.',
    locked: 'Solo se puede modificar la versión vigente.',
  },
  update_schedules: {
    days_min: 'Los tiempo de actualización no pueden ser inferiores a 30 días',
    days_required: 'Los tiempo de actualización son obligatorios',
    days_invalid: 'Los tiempo de actualización contienen caracteres inválidos',
    date_required: 'Debes registrar una fecha',
    locations_required: 'Debes ingresar un departamento y/o municipio',
    site_types_required: 'Debes seleccionar una o más entidades',
    duplicate: 'La configuración ingresada ya se encuentra en el sistema',
  },
} as const;

export const messages = { policies, update_schedules: updateSchedules, resources, validation };
