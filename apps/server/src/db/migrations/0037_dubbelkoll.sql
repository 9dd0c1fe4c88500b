CREATE TABLE "accounting_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"number" text NOT NULL,
	"counterparty_number" text,
	"counterparty_name" text,
	"reference" text,
	"ocr" text,
	"bank_account" text,
	"amount_ore" bigint NOT NULL,
	"vat_ore" bigint,
	"currency" text,
	"document_date" text NOT NULL,
	"due_date" text,
	"text" text,
	"rows" jsonb,
	"booked" boolean DEFAULT false NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"data" jsonb NOT NULL,
	"provider_modified_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_documents_resource_ck" CHECK ("accounting_documents"."resource" in ('supplier_invoice', 'order', 'voucher'))
);
--> statement-breakpoint
ALTER TABLE "accounting_documents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "duplicate_dismissals" (
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"number_a" text NOT NULL,
	"number_b" text NOT NULL,
	"dismissed_by" uuid,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_dismissals_club_account_id_resource_number_a_number_b_pk" PRIMARY KEY("club_account_id","resource","number_a","number_b"),
	CONSTRAINT "duplicate_dismissals_order_ck" CHECK ("duplicate_dismissals"."number_a" < "duplicate_dismissals"."number_b")
);
--> statement-breakpoint
ALTER TABLE "duplicate_dismissals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "duplicate_field_mappings" (
	"organisation_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"transaction_id_field" text NOT NULL,
	"compared" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_field_mappings_organisation_id_resource_pk" PRIMARY KEY("organisation_id","resource")
);
--> statement-breakpoint
ALTER TABLE "duplicate_field_mappings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "duplicate_group_members" (
	"group_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"number" text NOT NULL,
	"confidence" real NOT NULL,
	"fields" jsonb NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"state_changed_by" uuid,
	"state_changed_at" timestamp with time zone,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_group_members_group_id_number_pk" PRIMARY KEY("group_id","number"),
	CONSTRAINT "duplicate_group_members_state_ck" CHECK ("duplicate_group_members"."state" in ('open', 'not_duplicate', 'handled', 'handling'))
);
--> statement-breakpoint
ALTER TABLE "duplicate_group_members" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "duplicate_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"original_number" text NOT NULL,
	"transaction_id" text,
	"confidence" real NOT NULL,
	"matched_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"differed_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"not_compared_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duplicate_count" integer DEFAULT 0 NOT NULL,
	"amount_at_stake_ore" bigint DEFAULT 0 NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "duplicate_groups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "duplicate_handlings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"steps" jsonb NOT NULL,
	"handled" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"heartbeat_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease" uuid,
	"checkpoint" jsonb,
	"created_by" uuid,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_handlings_status_ck" CHECK ("duplicate_handlings"."status" in ('queued', 'running', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "duplicate_handlings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "duplicate_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"error" text,
	"heartbeat_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease" uuid,
	"checkpoint" jsonb,
	"created_by" uuid,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_scans_status_ck" CHECK ("duplicate_scans"."status" in ('queued', 'running', 'succeeded', 'failed')),
	CONSTRAINT "duplicate_scans_kind_ck" CHECK ("duplicate_scans"."kind" in ('full', 'incremental'))
);
--> statement-breakpoint
ALTER TABLE "duplicate_scans" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"organisation_number" text,
	"email" text,
	"phone" text,
	"city" text,
	"bankgiro" text,
	"plusgiro" text,
	"active" boolean DEFAULT true NOT NULL,
	"data" jsonb NOT NULL,
	"provider_modified_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "suppliers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "accounting_documents" ADD CONSTRAINT "accounting_documents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_documents" ADD CONSTRAINT "accounting_documents_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_dismissals" ADD CONSTRAINT "duplicate_dismissals_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_dismissals" ADD CONSTRAINT "duplicate_dismissals_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_dismissals" ADD CONSTRAINT "duplicate_dismissals_dismissed_by_users_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_field_mappings" ADD CONSTRAINT "duplicate_field_mappings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_field_mappings" ADD CONSTRAINT "duplicate_field_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_group_members" ADD CONSTRAINT "duplicate_group_members_group_id_duplicate_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."duplicate_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_group_members" ADD CONSTRAINT "duplicate_group_members_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_group_members" ADD CONSTRAINT "duplicate_group_members_state_changed_by_users_id_fk" FOREIGN KEY ("state_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_groups" ADD CONSTRAINT "duplicate_groups_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_groups" ADD CONSTRAINT "duplicate_groups_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_groups" ADD CONSTRAINT "duplicate_groups_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_handlings" ADD CONSTRAINT "duplicate_handlings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_handlings" ADD CONSTRAINT "duplicate_handlings_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_handlings" ADD CONSTRAINT "duplicate_handlings_group_id_duplicate_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."duplicate_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_handlings" ADD CONSTRAINT "duplicate_handlings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_scans" ADD CONSTRAINT "duplicate_scans_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_scans" ADD CONSTRAINT "duplicate_scans_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_scans" ADD CONSTRAINT "duplicate_scans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_documents_club_resource_number_uq" ON "accounting_documents" USING btree ("club_account_id","resource","number");--> statement-breakpoint
CREATE INDEX "accounting_documents_club_resource_date_idx" ON "accounting_documents" USING btree ("club_account_id","resource","document_date");--> statement-breakpoint
CREATE INDEX "accounting_documents_org_idx" ON "accounting_documents" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "duplicate_dismissals_org_idx" ON "duplicate_dismissals" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "duplicate_group_members_org_idx" ON "duplicate_group_members" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "duplicate_groups_original_uq" ON "duplicate_groups" USING btree ("club_account_id","resource","original_number");--> statement-breakpoint
CREATE INDEX "duplicate_groups_list_idx" ON "duplicate_groups" USING btree ("club_account_id","resolved","found_at");--> statement-breakpoint
CREATE INDEX "duplicate_groups_org_idx" ON "duplicate_groups" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "duplicate_handlings_group_idx" ON "duplicate_handlings" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE INDEX "duplicate_handlings_org_idx" ON "duplicate_handlings" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "duplicate_handlings_one_active_uq" ON "duplicate_handlings" USING btree ("group_id") WHERE "duplicate_handlings"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "duplicate_scans_account_idx" ON "duplicate_scans" USING btree ("club_account_id","created_at");--> statement-breakpoint
CREATE INDEX "duplicate_scans_org_idx" ON "duplicate_scans" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "duplicate_scans_one_active_uq" ON "duplicate_scans" USING btree ("club_account_id") WHERE "duplicate_scans"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_club_number_uq" ON "suppliers" USING btree ("club_account_id","number");--> statement-breakpoint
CREATE INDEX "suppliers_club_name_idx" ON "suppliers" USING btree ("club_account_id","name");--> statement-breakpoint
CREATE INDEX "suppliers_org_idx" ON "suppliers" USING btree ("organisation_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "accounting_documents" AS PERMISSIVE FOR ALL TO public USING (nullif(current_setting('fairway.organisation_id', true), '') is null or "accounting_documents"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid) WITH CHECK (nullif(current_setting('fairway.organisation_id', true), '') is null or "accounting_documents"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "duplicate_dismissals" AS PERMISSIVE FOR ALL TO public USING (nullif(current_setting('fairway.organisation_id', true), '') is null or "duplicate_dismissals"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid) WITH CHECK (nullif(current_setting('fairway.organisation_id', true), '') is null or "duplicate_dismissals"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "duplicate_field_mappings" AS PERMISSIVE FOR ALL TO public USING (nullif(current_setting('fairway.organisation_id', true), '') is null or "duplicate_field_mappings"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid) WITH CHECK (nullif(current_setting('fairway.organisation_id', true), '') is null or "duplicate_field_mappings"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "duplicate_group_members" AS PERMISSIVE FOR ALL TO public USING (nullif(current_setting('fairway.organisation_id', true), '') is null or "duplicate_group_members"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid) WITH CHECK (nullif(current_setting('fairway.organisation_id', true), '') is null or "duplicate_group_members"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "duplicate_groups" AS PERMISSIVE FOR ALL TO public USING (nullif(current_setting('fairway.organisation_id', true), '') is null or "duplicate_groups"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid) WITH CHECK (nullif(current_setting('fairway.organisation_id', true), '') is null or "duplicate_groups"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "duplicate_handlings" AS PERMISSIVE FOR ALL TO public USING (nullif(current_setting('fairway.organisation_id', true), '') is null or "duplicate_handlings"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid) WITH CHECK (nullif(current_setting('fairway.organisation_id', true), '') is null or "duplicate_handlings"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "duplicate_scans" AS PERMISSIVE FOR ALL TO public USING (nullif(current_setting('fairway.organisation_id', true), '') is null or "duplicate_scans"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid) WITH CHECK (nullif(current_setting('fairway.organisation_id', true), '') is null or "duplicate_scans"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "suppliers" AS PERMISSIVE FOR ALL TO public USING (nullif(current_setting('fairway.organisation_id', true), '') is null or "suppliers"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid) WITH CHECK (nullif(current_setting('fairway.organisation_id', true), '') is null or "suppliers"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid);