ALTER TABLE "site_scores" ADD COLUMN "general_position" integer;--> statement-breakpoint
ALTER TABLE "site_scores" ADD COLUMN "general_rank" integer;--> statement-breakpoint
ALTER TABLE "site_scores" ADD COLUMN "type_position" integer;--> statement-breakpoint
ALTER TABLE "site_scores" ADD COLUMN "type_rank" integer;--> statement-breakpoint
CREATE INDEX "site_scores_general_position_idx" ON "site_scores" USING btree ("year","month","general_position");--> statement-breakpoint
CREATE INDEX "site_scores_type_position_idx" ON "site_scores" USING btree ("site_type_id","year","month","type_position");--> statement-breakpoint
-- Written by hand below (drizzle-kit does not express triggers). Issue 8 'Ranking queries stay fast at 35,000 sites':
-- each month's ranks are stored facts (docs/decisions/0019-scores.md), so a ranking request reads a range of
-- positions instead of counting the month.
-- The latest-score trigger of 0020 now fires only when a column it reads changes: the rank recomputation below rewrites
-- only the rank columns and must not run it once per row.
DROP TRIGGER IF EXISTS site_scores_latest ON public.site_scores;--> statement-breakpoint
CREATE TRIGGER site_scores_latest AFTER INSERT OR DELETE OR UPDATE OF site_id, year, month, score ON public.site_scores
  FOR EACH ROW EXECUTE FUNCTION public.sites_latest_score();--> statement-breakpoint
-- One month's ranks from its rows: order score descending, the site id ascending breaking ties (the order the routes
-- always had); positions from 0 (row_number), competition ranks (rank: a tie shares it, 1, 2, 2, 4). Rows already right
-- are not rewritten. The month's rows and their ranks are joined by hashing: a month just written has no statistics
-- yet, and the planner's guess of one row would pick a nested loop running the window once per row (seconds at 2,000).
CREATE OR REPLACE FUNCTION public.site_scores_rank_month(p_year smallint, p_month smallint) RETURNS void LANGUAGE plpgsql
SET enable_nestloop = off AS $$
BEGIN
  PERFORM set_config('portales.ranking_scores', 'on', true);
  UPDATE public.site_scores sc
     SET general_position = r.general_position, general_rank = r.general_rank, type_position = r.type_position, type_rank = r.type_rank
    FROM (
      SELECT x.site_id,
             (row_number() OVER (ORDER BY x.score DESC, x.site_id) - 1)::int AS general_position,
             (rank() OVER (ORDER BY x.score DESC))::int AS general_rank,
             (row_number() OVER (PARTITION BY x.site_type_id ORDER BY x.score DESC, x.site_id) - 1)::int AS type_position,
             (rank() OVER (PARTITION BY x.site_type_id ORDER BY x.score DESC))::int AS type_rank
        FROM public.site_scores x
       WHERE x.year = p_year AND x.month = p_month
    ) r
   WHERE sc.year = p_year AND sc.month = p_month AND sc.site_id = r.site_id
     AND (sc.general_position, sc.general_rank, sc.type_position, sc.type_rank)
         IS DISTINCT FROM (r.general_position, r.general_rank, r.type_position, r.type_rank);
  PERFORM set_config('portales.ranking_scores', 'off', true);
END $$;--> statement-breakpoint
-- Before any statement writing scores: one transaction at a time writes them (a lock held until its end), taken before
-- the statement touches a row, so two writers of the same month never wait on each other's rows (no deadlock) and the
-- later one's recomputation sees the earlier one's committed rows.
CREATE OR REPLACE FUNCTION public.site_scores_ranks_lock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portales.ranking_scores', true) IS DISTINCT FROM 'on' THEN
    PERFORM pg_advisory_xact_lock(hashtext('site_scores_ranks'));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- After each statement writing scores (a batch load of thousands of rows is one statement): each month it touched,
-- before or after the change, is ranked again once. The recomputation's own update is skipped (the setting above).
CREATE OR REPLACE FUNCTION public.site_scores_ranks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  m record;
BEGIN
  IF current_setting('portales.ranking_scores', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    FOR m IN SELECT year, month FROM changed UNION SELECT year, month FROM changed_before ORDER BY 1, 2 LOOP
      PERFORM public.site_scores_rank_month(m.year, m.month);
    END LOOP;
  ELSE
    FOR m IN SELECT DISTINCT year, month FROM changed ORDER BY 1, 2 LOOP
      PERFORM public.site_scores_rank_month(m.year, m.month);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER site_scores_ranks_lock BEFORE INSERT OR UPDATE OR DELETE ON public.site_scores
  FOR EACH STATEMENT EXECUTE FUNCTION public.site_scores_ranks_lock();--> statement-breakpoint
CREATE TRIGGER site_scores_ranks_insert AFTER INSERT ON public.site_scores
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.site_scores_ranks();--> statement-breakpoint
CREATE TRIGGER site_scores_ranks_update AFTER UPDATE ON public.site_scores
  REFERENCING OLD TABLE AS changed_before NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.site_scores_ranks();--> statement-breakpoint
CREATE TRIGGER site_scores_ranks_delete AFTER DELETE ON public.site_scores
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION public.site_scores_ranks();--> statement-breakpoint
-- Existing months (the trigger ranks only the months written from now on).
DO $$
DECLARE
  m record;
BEGIN
  FOR m IN SELECT DISTINCT year, month FROM public.site_scores ORDER BY 1, 2 LOOP
    PERFORM public.site_scores_rank_month(m.year, m.month);
  END LOOP;
END $$;
