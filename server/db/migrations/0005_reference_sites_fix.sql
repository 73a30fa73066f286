-- Databases seeded before the fix hold territorial sites that do not exist (docs/decisions/0012-locations-and-reference-data.md):
-- a governorate and an assembly for Bogotá, D.C. (a capital district), a mayoralty and a council for each
-- área no municipalizada. Those still not installed are marked deleted; an installed one is left to a person.
UPDATE sites SET is_deleted = true, modified_date = now()
  WHERE NOT installed AND NOT user_made AND NOT is_deleted
    AND ((parent_location_id = 11 AND location_id IS NULL AND site_type_id IN (1, 3))
      OR (location_id IN (91263, 91405, 91407, 91430, 91460, 91530, 91536, 91669, 91798,
                          94883, 94884, 94885, 94886, 94887, 94888, 97511, 97777, 97889)
          AND site_type_id IN (2, 4)));
