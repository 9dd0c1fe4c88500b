CREATE TABLE "git_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"git_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"amount_ore" integer NOT NULL,
	"vat_rate" real NOT NULL,
	"account" text NOT NULL,
	"member_category_code" text,
	"modified_at" timestamp with time zone NOT NULL,
	"raw" jsonb NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "git_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"git_club_id" text NOT NULL,
	"git_club_name" text,
	"api_key" text NOT NULL,
	"environment" text DEFAULT 'live' NOT NULL,
	"base_url" text,
	"status" text NOT NULL,
	"connected_by" uuid,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "git_invoice_bases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"git_id" text NOT NULL,
	"occasion_git_id" text NOT NULL,
	"number" integer NOT NULL,
	"member_golf_id" text NOT NULL,
	"member_name" text NOT NULL,
	"payer_kind" text NOT NULL,
	"payer_golf_id" text NOT NULL,
	"payer_name" text NOT NULL,
	"family_id" text,
	"rows" jsonb NOT NULL,
	"total_ore" integer NOT NULL,
	"due_date" text NOT NULL,
	"status" text NOT NULL,
	"paid_ore" integer NOT NULL,
	"paid_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	"credit_reason" text,
	"modified_at" timestamp with time zone NOT NULL,
	"raw" jsonb NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "git_invoice_occasions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"git_id" text NOT NULL,
	"name" text NOT NULL,
	"invoice_date" text NOT NULL,
	"due_date" text NOT NULL,
	"basis_count" integer NOT NULL,
	"total_ore" integer NOT NULL,
	"paid_ore" integer NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"git_created_at" timestamp with time zone NOT NULL,
	"modified_at" timestamp with time zone NOT NULL,
	"raw" jsonb NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "git_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"golf_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"category_code" text NOT NULL,
	"category_name" text NOT NULL,
	"guardian_golf_id" text,
	"family_id" text,
	"family_role" text,
	"active" boolean NOT NULL,
	"modified_at" timestamp with time zone NOT NULL,
	"raw" jsonb NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "git_sync_cursors" (
	"club_account_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"modified_since" timestamp with time zone,
	"last_full_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "git_sync_cursors_club_account_id_resource_pk" PRIMARY KEY("club_account_id","resource")
);
--> statement-breakpoint
CREATE TABLE "git_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "git_articles" ADD CONSTRAINT "git_articles_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_articles" ADD CONSTRAINT "git_articles_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_connections" ADD CONSTRAINT "git_connections_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_connections" ADD CONSTRAINT "git_connections_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_connections" ADD CONSTRAINT "git_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_invoice_bases" ADD CONSTRAINT "git_invoice_bases_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_invoice_bases" ADD CONSTRAINT "git_invoice_bases_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_invoice_occasions" ADD CONSTRAINT "git_invoice_occasions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_invoice_occasions" ADD CONSTRAINT "git_invoice_occasions_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_members" ADD CONSTRAINT "git_members_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_members" ADD CONSTRAINT "git_members_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_sync_cursors" ADD CONSTRAINT "git_sync_cursors_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_transactions" ADD CONSTRAINT "git_transactions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_transactions" ADD CONSTRAINT "git_transactions_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "git_articles_club_git_id_uq" ON "git_articles" USING btree ("club_account_id","git_id");--> statement-breakpoint
CREATE INDEX "git_articles_org_idx" ON "git_articles" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "git_connections_club_account_uq" ON "git_connections" USING btree ("club_account_id");--> statement-breakpoint
CREATE INDEX "git_connections_org_idx" ON "git_connections" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "git_invoice_bases_club_git_id_uq" ON "git_invoice_bases" USING btree ("club_account_id","git_id");--> statement-breakpoint
CREATE INDEX "git_invoice_bases_occasion_idx" ON "git_invoice_bases" USING btree ("club_account_id","occasion_git_id","status");--> statement-breakpoint
CREATE INDEX "git_invoice_bases_org_idx" ON "git_invoice_bases" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "git_invoice_occasions_club_git_id_uq" ON "git_invoice_occasions" USING btree ("club_account_id","git_id");--> statement-breakpoint
CREATE INDEX "git_invoice_occasions_org_idx" ON "git_invoice_occasions" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "git_members_club_golf_id_uq" ON "git_members" USING btree ("club_account_id","golf_id");--> statement-breakpoint
CREATE INDEX "git_members_org_idx" ON "git_members" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "git_members_name_idx" ON "git_members" USING btree ("club_account_id","last_name","first_name");--> statement-breakpoint
CREATE INDEX "git_transactions_club_idx" ON "git_transactions" USING btree ("club_account_id","created_at");