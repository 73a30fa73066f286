CREATE TABLE "indicator_color_config" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"lower_limit" smallint NOT NULL,
	"upper_limit" smallint NOT NULL,
	CONSTRAINT "indicator_color_config_one_row" CHECK ("indicator_color_config"."id" = 1),
	CONSTRAINT "indicator_color_config_limits" CHECK ("indicator_color_config"."lower_limit" >= 1 and "indicator_color_config"."upper_limit" <= 99 and "indicator_color_config"."upper_limit" - "indicator_color_config"."lower_limit" >= 1)
);
--> statement-breakpoint
CREATE TABLE "indicators" (
	"indicator_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"link" varchar(150),
	"threshold" integer,
	"threshold_description" varchar(500),
	"has_threshold" boolean DEFAULT false NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_indicator_scores" (
	"site_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"indicator_id" integer NOT NULL,
	"score" numeric(5, 2) NOT NULL,
	CONSTRAINT "site_indicator_scores_site_id_year_month_indicator_id_pk" PRIMARY KEY("site_id","year","month","indicator_id"),
	CONSTRAINT "site_indicator_scores_score_range" CHECK ("site_indicator_scores"."score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "site_scores" (
	"site_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"site_type_id" integer NOT NULL,
	"score" numeric(5, 2) NOT NULL,
	CONSTRAINT "site_scores_site_id_year_month_pk" PRIMARY KEY("site_id","year","month"),
	CONSTRAINT "site_scores_score_range" CHECK ("site_scores"."score" between 0 and 100),
	CONSTRAINT "site_scores_month_range" CHECK ("site_scores"."month" between 1 and 12)
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "latest_score" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "site_indicator_scores" ADD CONSTRAINT "site_indicator_scores_indicator_id_indicators_indicator_id_fk" FOREIGN KEY ("indicator_id") REFERENCES "public"."indicators"("indicator_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_indicator_scores" ADD CONSTRAINT "site_indicator_scores_site_id_year_month_site_scores_site_id_year_month_fk" FOREIGN KEY ("site_id","year","month") REFERENCES "public"."site_scores"("site_id","year","month") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_scores" ADD CONSTRAINT "site_scores_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_scores" ADD CONSTRAINT "site_scores_site_type_id_site_types_id_fk" FOREIGN KEY ("site_type_id") REFERENCES "public"."site_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_scores_ranking_idx" ON "site_scores" USING btree ("year","month","score" DESC NULLS LAST,"site_id");--> statement-breakpoint
CREATE INDEX "site_scores_type_ranking_idx" ON "site_scores" USING btree ("site_type_id","year","month","score" DESC NULLS LAST,"site_id");--> statement-breakpoint
CREATE INDEX "sites_latest_score_idx" ON "sites" USING btree ("latest_score" NULLS FIRST,"id");--> statement-breakpoint
-- Each site's most recent monthly score on its row (the site list's ranking order reads sites_latest_score_idx):
-- kept by this trigger whenever a score is written, changed or removed (written by hand: drizzle-kit does not express triggers).
CREATE OR REPLACE FUNCTION public.sites_latest_score() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE public.sites s SET latest_score = (
      SELECT x.score FROM public.site_scores x WHERE x.site_id = OLD.site_id ORDER BY x.year DESC, x.month DESC LIMIT 1
    ) WHERE s.id = OLD.site_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.site_id <> OLD.site_id OR NEW.score <> OLD.score OR NEW.year <> OLD.year OR NEW.month <> OLD.month) THEN
    UPDATE public.sites s SET latest_score = (
      SELECT x.score FROM public.site_scores x WHERE x.site_id = NEW.site_id ORDER BY x.year DESC, x.month DESC LIMIT 1
    ) WHERE s.id = NEW.site_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER site_scores_latest AFTER INSERT OR UPDATE OR DELETE ON public.site_scores
  FOR EACH ROW EXECUTE FUNCTION public.sites_latest_score();--> statement-breakpoint
-- Spec 03 names no indicator: a small documented set (docs/decisions/0019-scores.md); the settings work edits them.
INSERT INTO "indicators" ("indicator_id", "name", "link", "threshold", "threshold_description", "has_threshold", "position") VALUES
  (1, 'Transparencia y acceso a la información pública', 'https://www.gov.co/transparencia', NULL, NULL, false, 1),
  (2, 'Accesibilidad web', 'https://www.gov.co/accesibilidad', NULL, NULL, false, 2),
  (3, 'Usabilidad', NULL, NULL, NULL, false, 3),
  (4, 'Seguridad digital', NULL, NULL, NULL, false, 4),
  (5, 'Participación ciudadana', NULL, NULL, NULL, false, 5),
  (6, 'Actualización de contenidos', NULL, 30, 'Días como máximo sin publicar un contenido', true, 6)
ON CONFLICT DO NOTHING;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('indicators', 'indicator_id'), (SELECT max("indicator_id") FROM "indicators"));--> statement-breakpoint
-- Default colour limits (docs/decisions/0019-scores.md): red below 60, yellow 60 to 79.99, green from 80.
INSERT INTO "indicator_color_config" ("id", "lower_limit", "upper_limit") VALUES (1, 60, 80) ON CONFLICT DO NOTHING;
