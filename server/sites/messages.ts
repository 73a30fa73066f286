/** The site area answers with the server's shared translator (`sites.server.*` keys included). */
export { t as tSites } from '../i18n';
