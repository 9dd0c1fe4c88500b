-- A custom migration (drizzle-kit generate --custom): the triggers that keep the search terms of
-- 0028_word_search_terms.sql (db/word-search.ts) in step with the rows they describe, their
-- backfill, and FORCE row-level security as in 0019_row_level_security.sql. The application
-- role's grants come from 0019's default privileges.
--
-- Statement-level triggers with transition tables: a bulk write (a mirror refresh, a GIT page of
-- 500 members, an upsert's inserted and updated rows alike) writes its terms in one statement. An
-- update rewrites the terms of the rows whose search_vector changed, and only those: a payment
-- changes an invoice's balance, not its words. A deleted row's terms go with it (ON DELETE
-- CASCADE). The functions run as the writer, so the tenant policy holds for the terms too.
ALTER TABLE "member_search_terms" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "invoice_search_terms" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE FUNCTION "member_search_terms_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_search_terms (organisation_id, club_account_id, member_id, term)
    SELECT n.organisation_id, n.club_account_id, n.id, unnest(tsvector_to_array(n.search_vector)) FROM new_rows n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "member_search_terms_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM member_search_terms t USING old_rows o JOIN new_rows n ON n.id = o.id
    WHERE t.member_id = n.id AND o.search_vector IS DISTINCT FROM n.search_vector;
  INSERT INTO member_search_terms (organisation_id, club_account_id, member_id, term)
    SELECT n.organisation_id, n.club_account_id, n.id, unnest(tsvector_to_array(n.search_vector))
    FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.search_vector IS DISTINCT FROM n.search_vector;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "members_search_terms_inserted" AFTER INSERT ON "members"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "member_search_terms_inserted"();--> statement-breakpoint
CREATE TRIGGER "members_search_terms_updated" AFTER UPDATE ON "members"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "member_search_terms_updated"();--> statement-breakpoint
CREATE FUNCTION "invoice_search_terms_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO invoice_search_terms (organisation_id, club_account_id, invoice_id, term)
    SELECT n.organisation_id, n.club_account_id, n.id, unnest(tsvector_to_array(n.search_vector)) FROM new_rows n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "invoice_search_terms_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM invoice_search_terms t USING old_rows o JOIN new_rows n ON n.id = o.id
    WHERE t.invoice_id = n.id AND o.search_vector IS DISTINCT FROM n.search_vector;
  INSERT INTO invoice_search_terms (organisation_id, club_account_id, invoice_id, term)
    SELECT n.organisation_id, n.club_account_id, n.id, unnest(tsvector_to_array(n.search_vector))
    FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.search_vector IS DISTINCT FROM n.search_vector;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoices_search_terms_inserted" AFTER INSERT ON "invoices"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_search_terms_inserted"();--> statement-breakpoint
CREATE TRIGGER "invoices_search_terms_updated" AFTER UPDATE ON "invoices"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_search_terms_updated"();--> statement-breakpoint
INSERT INTO member_search_terms (organisation_id, club_account_id, member_id, term)
  SELECT organisation_id, club_account_id, id, unnest(tsvector_to_array(search_vector)) FROM members;--> statement-breakpoint
INSERT INTO invoice_search_terms (organisation_id, club_account_id, invoice_id, term)
  SELECT organisation_id, club_account_id, id, unnest(tsvector_to_array(search_vector)) FROM invoices;
