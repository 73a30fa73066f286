/** What `npm start` prints about the data folder (never shown in the admin). */
export const serverStartup = {
  data_dir_locked:
    'Otro servidor (PID %{pid}) ya usa la carpeta de datos %{dir}: deténgalo o use otro DATA_DIR. ' +
    'Si ese proceso no es un servidor de Portales, borre %{file} y vuelva a iniciar.',
  stale_lock: 'Se retomó el bloqueo abandonado de la carpeta de datos %{dir} (el proceso %{pid} ya no existe).',
} as const;
