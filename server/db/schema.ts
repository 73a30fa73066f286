/**
 * The database schema of the whole back office, one file per area in server/db/schema/ and
 * re-exported from here (import tables from this module). The tables of engine resources are derived from
 * their declarations (resourceTable; which ones: docs/adding-a-resource.md); the others are hand-written. Migrations are generated from this file with
 * `npm run db:generate` and applied at start-up.
 */
export * from './schema/catalogues';
export * from './schema/locations';
export * from './schema/settings';
export * from './schema/sites';
export * from './schema/users';
export * from './schema/audit';
export * from './schema/jobs';
export * from './schema/secrets';
export * from './schema/files';
export * from './schema/portal';
export * from './schema/mail';
export * from './schema/dataVersion';
export * from './schema/loads';
export * from './schema/backups';
export * from './schema/scores';
export * from './schema/globalContent';
export * from './schema/contents';
export * from './schema/portalLook';
export * from './schema/policies';
