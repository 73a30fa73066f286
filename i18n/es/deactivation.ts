/**
 * Texts of the bulk deactivation of administrators (spec 01 §2 '/administradores/eliminar', §5): the screen
 * (src/users/deactivation) and the server's answers (server/users/deactivation.ts). Rules word for word from the spec.
 */
export const deactivation = {
  title: 'Inactivación masiva de administradores',
  intro: 'Elige cómo seleccionar a los administradores de entidades territoriales que quieres inactivar.',
  mode: {
    label: 'Tipo de inactivación',
    1: 'Total',
    2: 'Segmentada',
    3: 'Una entidad',
    4: 'Grupos',
  },
  entity: {
    label: 'Entidad',
    hint: 'Escribe al menos 3 caracteres para buscar',
    place: '%{name} (%{location})',
  },
  validation: {
    filter: 'Debes seleccionar al menos un filtro',
    invalid: 'Los filtros enviados no son válidos',
    no_match: 'Para el filtro que seleccionaste no existen usuarios administradores activos',
  },
  count: {
    action: 'Consultar administradores',
    loading: 'Contando administradores activos…',
    line: 'Administradores activos que coinciden: %{administrators} (en %{portals} portales)',
    error: 'No fue posible contar los administradores. Intenta de nuevo.',
  },
  confirm: {
    title: 'Confirmación',
    message: 'Estás a punto de inactivar %{count} administradores de entidades territoriales, ¿deseas continuar? ',
  },
  submit: 'Inactivar administradores',
  sent: 'La inactivación quedó en proceso: el cambio se verá reflejado en unos minutos.',
  send_error: 'No fue posible enviar la inactivación. Intenta de nuevo.',
  job: {
    already_inactive: 'El administrador ya estaba inactivo',
    not_administrator: 'El usuario ya no es un administrador de entidad',
  },
  undo: {
    action: 'Deshacer',
    confirm:
      'Se reactivarán los administradores que inactivó esta operación y que siguen inactivos sin otro cambio desde entonces. ¿Deseas continuar?',
    done: 'Se reactivaron %{count} administradores.',
    error: 'No fue posible deshacer la inactivación.',
    already_undone: 'Esta inactivación ya fue deshecha.',
    expired: 'Ya no se puede deshacer: pasaron más de 24 horas desde que terminó.',
    running: 'La inactivación todavía está en curso: podrás deshacerla cuando termine.',
    until: 'Puedes deshacerla hasta el %{date}.',
  },
  recent: {
    title: 'Inactivaciones de las últimas 24 horas',
    empty: 'No hay inactivaciones en las últimas 24 horas.',
    line: '%{date} · %{email} · %{deactivated} de %{matched} administradores inactivados',
    undone: 'Deshecha: %{restored} administradores reactivados',
    load_error: 'No fue posible cargar las inactivaciones recientes.',
  },
  audit: {
    deactivate: 'Inactivación masiva: %{count} administradores',
    undo: 'Deshacer inactivación masiva: %{count} administradores',
  },
};

export const messages = { deactivation };
