/**
 * Which tables move the data version (server/http/etag.ts): every table of the public
 * schema except the ones below, so that a table added by a later migration is tracked without anyone remembering
 * to (a list over an untracked table could be answered stale). Run after the migrations (server/db/connection.ts):
 * it adds the deferred constraint trigger of migration 0012 (bump_data_version, once per writing transaction) to
 * each tracked table that lacks it, and does nothing on the next start.
 */

/**
 * Tables written all the time that no cached list or ETag answer reads: bumping the version on their writes would
 * only throw the caches away (a sign-in, a captcha, a job's progress, an event).
 */
export const UNTRACKED_TABLES: readonly string[] = [
  'data_version',
  'sessions',
  'login_attempts',
  'captchas',
  'password_resets',
  'server_secrets',
  'jobs',
  'job_items',
  'events',
  'event_tickets',
  'backup_download_tokens',
];

/** The statement that adds the version triggers to every tracked table lacking them (idempotent). */
export function trackDataVersionSql(untracked: readonly string[] = UNTRACKED_TABLES): string {
  const excluded = untracked.map((name) => `'${name.replace(/'/g, "''")}'`).join(', ');
  return `DO $$
DECLARE
  tracked text;
BEGIN
  -- Instances starting together on one PostgreSQL: one adds the triggers, the others then find them.
  PERFORM pg_advisory_xact_lock(hashtext('portales.data_version_tracking'));
  FOR tracked IN
    SELECT t.tablename FROM pg_tables t
     WHERE t.schemaname = 'public' AND t.tablename NOT IN (${excluded})
       AND NOT EXISTS (SELECT 1 FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
                        WHERE n.nspname = 'public' AND c.relname = t.tablename AND g.tgfoid = 'public.bump_data_version'::regproc
                          AND g.tgconstraint <> 0)
  LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON public.%I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION public.bump_data_version()', left(tracked, 50) || '_data_version', tracked);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON public.%I FOR EACH STATEMENT EXECUTE FUNCTION public.bump_data_version()', left(tracked, 41) || '_data_version_truncate', tracked);
  END LOOP;
END $$`;
}
