CREATE TABLE "git_article_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"git_article_code" text NOT NULL,
	"article_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "git_payer_customers" (
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"payer_golf_id" text NOT NULL,
	"state" text NOT NULL,
	"customer_number" text,
	"member_modified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "git_sync_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"target_club_account_id" uuid NOT NULL,
	"basis_git_id" text NOT NULL,
	"occasion_git_id" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"payer_golf_id" text,
	"customer_number" text,
	"invoice_number" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"basis_modified_at" timestamp with time zone,
	"synced_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	"run_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "git_article_mappings" ADD CONSTRAINT "git_article_mappings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_article_mappings" ADD CONSTRAINT "git_article_mappings_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_payer_customers" ADD CONSTRAINT "git_payer_customers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_payer_customers" ADD CONSTRAINT "git_payer_customers_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_sync_items" ADD CONSTRAINT "git_sync_items_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_sync_items" ADD CONSTRAINT "git_sync_items_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_sync_items" ADD CONSTRAINT "git_sync_items_target_club_account_id_club_accounts_id_fk" FOREIGN KEY ("target_club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_sync_items" ADD CONSTRAINT "git_sync_items_run_id_git_transactions_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."git_transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "git_article_mappings_code_uq" ON "git_article_mappings" USING btree ("club_account_id","git_article_code");--> statement-breakpoint
CREATE INDEX "git_article_mappings_org_idx" ON "git_article_mappings" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "git_payer_customers_uq" ON "git_payer_customers" USING btree ("club_account_id","payer_golf_id");--> statement-breakpoint
CREATE INDEX "git_payer_customers_org_idx" ON "git_payer_customers" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "git_sync_items_basis_uq" ON "git_sync_items" USING btree ("club_account_id","target_club_account_id","basis_git_id");--> statement-breakpoint
CREATE INDEX "git_sync_items_occasion_idx" ON "git_sync_items" USING btree ("club_account_id","occasion_git_id","state");--> statement-breakpoint
CREATE INDEX "git_sync_items_target_invoice_idx" ON "git_sync_items" USING btree ("target_club_account_id","invoice_number");--> statement-breakpoint
CREATE INDEX "git_sync_items_org_idx" ON "git_sync_items" USING btree ("organisation_id");