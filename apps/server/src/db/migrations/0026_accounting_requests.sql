CREATE TABLE "accounting_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"operation" text NOT NULL,
	"key" text NOT NULL,
	"asked" jsonb,
	"answered" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "accounting_requests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "accounting_requests" ADD CONSTRAINT "accounting_requests_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_requests" ADD CONSTRAINT "accounting_requests_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_requests_key_uq" ON "accounting_requests" USING btree ("club_account_id","provider","operation","key");--> statement-breakpoint
CREATE INDEX "accounting_requests_org_idx" ON "accounting_requests" USING btree ("organisation_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "accounting_requests" AS PERMISSIVE FOR ALL TO public USING (nullif(current_setting('fairway.organisation_id', true), '') is null or "accounting_requests"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid) WITH CHECK (nullif(current_setting('fairway.organisation_id', true), '') is null or "accounting_requests"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid);