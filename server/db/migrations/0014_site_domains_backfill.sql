-- The domains of the sites stored before site_domains existed (server/sites/domains.ts BACKFILL_SITE_DOMAINS_SQL, the same statement): a domain two sites share stays with the older one.
INSERT INTO "site_domains" ("domain", "site_id")
SELECT DISTINCT ON (d.domain) d.domain, d.site_id
FROM (
  SELECT s.id AS site_id,
    regexp_replace(regexp_replace(lower(substring(trim(u) from '^[A-Za-z]+://(?:[^@/]*@)?([^/:?#]+)')), '\.$', ''), '^www\.', '') AS domain
  FROM "sites" s, unnest(string_to_array(s.allowed_url, ',')) AS u
  WHERE s.allowed_url IS NOT NULL AND trim(u) ~* '^https?://'
) d
WHERE d.domain IS NOT NULL AND d.domain <> ''
ORDER BY d.domain, d.site_id
ON CONFLICT ("domain") DO NOTHING;
