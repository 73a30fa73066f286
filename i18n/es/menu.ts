/** The top menu (spec 01 §2 'Top menu'). */
export const menu = {
  navigation: 'Menú principal',
  app_title: 'Portales',
  sites: 'Portales',
  contents: 'Contenidos',
  banners: 'Banners',
  users: 'Administradores',
  ranking: 'Ranking',
  messages: 'Mensajes',
  settings: 'Configuración',
  metrics: 'Métricas',
  user: 'Usuario',
  logout: 'Cerrar sesión',
} as const;

export const messages = { menu };
