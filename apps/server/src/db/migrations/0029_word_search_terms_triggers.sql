-- A custom migration (drizzle-kit generate --custom): the triggers that keep the search terms of
-- 0028_word_search_terms.sql (db/word-search.ts) in step with the rows they describe, their
-- backfill, and FORCE row-level security as in 0019_row_level_security.sql. The application
-- role's grants come from 0019's default privileges.
--
-- Inserts: a statement-level trigger with a transition table, so a bulk write (a mirror refresh, a
-- GIT page of 500 members) writes its terms in one statement. Updates: a row-level trigger whose
-- WHEN lets only rows whose search_vector changed through (a payment changes an invoice's
-- balance, not its words; setting a fee rule on 1,000 members changes no word). A statement-level
-- update trigger joining the old and new transition tables took 15 s for such a fee rule update,
-- planned without statistics. A deleted row's terms go with it (ON DELETE
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
  DELETE FROM member_search_terms WHERE member_id = NEW.id;
  INSERT INTO member_search_terms (organisation_id, club_account_id, member_id, term)
    SELECT NEW.organisation_id, NEW.club_account_id, NEW.id, unnest(tsvector_to_array(NEW.search_vector));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "members_search_terms_inserted" AFTER INSERT ON "members"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "member_search_terms_inserted"();--> statement-breakpoint
CREATE TRIGGER "members_search_terms_updated" AFTER UPDATE ON "members"
  FOR EACH ROW WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector) EXECUTE FUNCTION "member_search_terms_updated"();--> statement-breakpoint
CREATE FUNCTION "invoice_search_terms_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO invoice_search_terms (organisation_id, club_account_id, invoice_id, term)
    SELECT n.organisation_id, n.club_account_id, n.id, unnest(tsvector_to_array(n.search_vector)) FROM new_rows n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "invoice_search_terms_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM invoice_search_terms WHERE invoice_id = NEW.id;
  INSERT INTO invoice_search_terms (organisation_id, club_account_id, invoice_id, term)
    SELECT NEW.organisation_id, NEW.club_account_id, NEW.id, unnest(tsvector_to_array(NEW.search_vector));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoices_search_terms_inserted" AFTER INSERT ON "invoices"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "invoice_search_terms_inserted"();--> statement-breakpoint
CREATE TRIGGER "invoices_search_terms_updated" AFTER UPDATE ON "invoices"
  FOR EACH ROW WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector) EXECUTE FUNCTION "invoice_search_terms_updated"();--> statement-breakpoint
INSERT INTO member_search_terms (organisation_id, club_account_id, member_id, term)
  SELECT organisation_id, club_account_id, id, unnest(tsvector_to_array(search_vector)) FROM members;--> statement-breakpoint
INSERT INTO invoice_search_terms (organisation_id, club_account_id, invoice_id, term)
  SELECT organisation_id, club_account_id, id, unnest(tsvector_to_array(search_vector)) FROM invoices;
