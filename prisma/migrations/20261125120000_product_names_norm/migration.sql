-- Every normalised name of a product (its name, then each distinct alias), joined by U+001F,
-- kept on the product row: a lookup reads each candidate's names with the product itself
-- (one index probe) instead of aggregating product_search_names once per candidate.

-- AlterTable
ALTER TABLE "products" ADD COLUMN "names_norm" TEXT NOT NULL DEFAULT '';

-- A catalog imported before this migration: filled from its search names.
UPDATE "products" p
   SET "names_norm" = coalesce(
         (SELECT string_agg(s."name_norm", E'\x1f' ORDER BY s."is_alias", s."name_norm")
            FROM "product_search_names" s
           WHERE s."product_id" = p."id"),
         p."name_norm");
