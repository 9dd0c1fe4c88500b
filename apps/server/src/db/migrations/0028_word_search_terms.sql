CREATE TABLE "invoice_search_terms" (
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"term" text NOT NULL,
	CONSTRAINT "invoice_search_terms_pk" PRIMARY KEY("invoice_id","term")
);
--> statement-breakpoint
ALTER TABLE "invoice_search_terms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "member_search_terms" (
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"term" text NOT NULL,
	CONSTRAINT "member_search_terms_pk" PRIMARY KEY("member_id","term")
);
--> statement-breakpoint
ALTER TABLE "member_search_terms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP INDEX "invoices_search_idx";--> statement-breakpoint
DROP INDEX "members_search_idx";--> statement-breakpoint
ALTER TABLE "invoice_search_terms" ADD CONSTRAINT "invoice_search_terms_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_search_terms" ADD CONSTRAINT "member_search_terms_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_search_terms_search_idx" ON "invoice_search_terms" USING btree ("club_account_id","term" text_pattern_ops,"invoice_id","organisation_id");--> statement-breakpoint
CREATE INDEX "member_search_terms_search_idx" ON "member_search_terms" USING btree ("club_account_id","term" text_pattern_ops,"member_id","organisation_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "invoice_search_terms" AS PERMISSIVE FOR ALL TO public USING (nullif(current_setting('fairway.organisation_id', true), '') is null or "invoice_search_terms"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid) WITH CHECK (nullif(current_setting('fairway.organisation_id', true), '') is null or "invoice_search_terms"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "member_search_terms" AS PERMISSIVE FOR ALL TO public USING (nullif(current_setting('fairway.organisation_id', true), '') is null or "member_search_terms"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid) WITH CHECK (nullif(current_setting('fairway.organisation_id', true), '') is null or "member_search_terms"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid);