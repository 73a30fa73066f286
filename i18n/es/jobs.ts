/** Texts of background jobs: the JobProgress component (src/shared) and the server's job messages (server/jobs). */
export const jobs = {
  status: {
    queued: 'En cola',
    running: 'En ejecución',
    retry: 'Reintento programado',
    done: 'Terminado',
    failed: 'Falló',
    cancelled: 'Cancelado',
  },
  item_states: {
    queued: 'Pendientes',
    done: 'Procesados',
    failed: 'Con error',
    skipped: 'Omitidos',
  },
  progress: {
    label: 'Progreso del trabajo',
    percent: '%{percent} %',
    count: '%{done} de %{total}',
    state_count: '%{state}: %{count}',
  },
  cancel: 'Cancelar',
  cancel_confirm: '¿Deseas cancelar este trabajo? Lo ya procesado no se revierte.',
  cancel_requested: 'Cancelación solicitada: el trabajo se detendrá al terminar el elemento en curso.',
  cancel_error: 'No fue posible cancelar el trabajo. Intenta de nuevo.',
  load_error: 'No fue posible consultar el estado del trabajo.',
  errors: {
    already_finished: 'El trabajo ya terminó: no se puede cancelar.',
    unknown_kind: 'Este servidor no conoce el tipo de trabajo «%{kind}».',
    unexpected: 'El trabajo se detuvo por un error inesperado.',
    too_many_attempts: 'El trabajo se interrumpió demasiadas veces y no se volverá a intentar.',
    temporary: 'Falla temporal: se volverá a intentar.',
  },
};

export const messages = { jobs };
