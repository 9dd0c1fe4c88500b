CREATE TABLE "accounting_code_items" (
	"club_account_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"days" integer,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "accounting_code_items_club_account_id_kind_code_pk" PRIMARY KEY("club_account_id","kind","code")
);
--> statement-breakpoint
CREATE TABLE "accounting_sync_cursors" (
	"club_account_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"modified_since" timestamp with time zone,
	"last_full_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_sync_cursors_club_account_id_resource_pk" PRIMARY KEY("club_account_id","resource")
);
--> statement-breakpoint
CREATE TABLE "accounting_sync_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"current_resource" text,
	"error" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"number" text NOT NULL,
	"description" text NOT NULL,
	"type" text NOT NULL,
	"unit" text,
	"active" boolean NOT NULL,
	"vat_percent" integer NOT NULL,
	"sales_price_ore" bigint,
	"stock_quantity_hundredths" bigint,
	"external_ref" text,
	"created_by" uuid,
	"data" jsonb NOT NULL,
	"provider_modified_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_price_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"contract_number" text NOT NULL,
	"change_basis_points" integer NOT NULL,
	"effective_on" date NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"claimed_at" timestamp with time zone,
	"prices_before" jsonb,
	"prices_after" jsonb,
	"applied_at" timestamp with time zone,
	"error" text,
	"error_params" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"number" text NOT NULL,
	"customer_number" text NOT NULL,
	"customer_name" text NOT NULL,
	"contract_date" date NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date,
	"continuous" boolean NOT NULL,
	"active" boolean NOT NULL,
	"finished" boolean NOT NULL,
	"invoice_interval" integer NOT NULL,
	"contract_length" integer NOT NULL,
	"last_invoice_date" date,
	"total_ore" bigint NOT NULL,
	"external_ref" text,
	"created_by" uuid,
	"data" jsonb NOT NULL,
	"category" text,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"cancellation_date" date,
	"terminated_at" timestamp with time zone,
	"provider_modified_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"organisation_number" text,
	"email" text,
	"phone" text,
	"city" text,
	"active" boolean NOT NULL,
	"external_ref" text,
	"created_by" uuid,
	"data" jsonb NOT NULL,
	"portal_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"provider_modified_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"environment" text NOT NULL,
	"grant" text DEFAULT 'authorization_code' NOT NULL,
	"status" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"access_expires_at" timestamp with time zone,
	"tenant_id" text,
	"scope" text,
	"refresh_lease_until" timestamp with time zone,
	"token_version" integer DEFAULT 0 NOT NULL,
	"company_name" text,
	"company_organisation_number" text,
	"database_number" text,
	"connected_by" uuid,
	"connected_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_hash" text NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"user_id" uuid,
	"provider" text NOT NULL,
	"environment" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"number" text NOT NULL,
	"invoice_number" text NOT NULL,
	"payment_date" date NOT NULL,
	"amount_ore" bigint NOT NULL,
	"provider_modified_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"number" text NOT NULL,
	"customer_number" text NOT NULL,
	"customer_name" text NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date,
	"net_ore" bigint NOT NULL,
	"vat_ore" bigint NOT NULL,
	"total_ore" bigint NOT NULL,
	"balance_ore" bigint NOT NULL,
	"currency" text NOT NULL,
	"ocr" text,
	"invoice_type" text NOT NULL,
	"booked" boolean NOT NULL,
	"cancelled" boolean NOT NULL,
	"sent" boolean NOT NULL,
	"is_credit" boolean NOT NULL,
	"credited" boolean NOT NULL,
	"credited_invoice_number" text,
	"contract_number" text,
	"delivery_method" text,
	"fully_paid_on" date,
	"external_ref" text,
	"created_by" uuid,
	"data" jsonb NOT NULL,
	"provider_modified_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "segment_members" (
	"segment_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	CONSTRAINT "segment_members_pk" PRIMARY KEY("segment_id","number")
);
--> statement-breakpoint
CREATE TABLE "segments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"recurring_billing" boolean,
	"prices_include_vat" boolean,
	"interest_billing" boolean,
	"discount_hundredths" integer,
	"admin_fee_ore" integer,
	"freight_ore" integer,
	"vat_rate" integer,
	"sales_account" text,
	"cost_centre" text,
	"project" text,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "segments_id_account_kind_uq" UNIQUE("id","club_account_id","kind"),
	CONSTRAINT "segments_kind_ck" CHECK ("segments"."kind" in ('customer', 'article')),
	CONSTRAINT "segments_customer_terms_ck" CHECK ("segments"."kind" <> 'customer' or ("segments"."recurring_billing" is not null and "segments"."prices_include_vat" is not null and "segments"."interest_billing" is not null and "segments"."vat_rate" is null and "segments"."sales_account" is null)),
	CONSTRAINT "segments_article_defaults_ck" CHECK ("segments"."kind" <> 'article' or ("segments"."sales_account" is not null and "segments"."cost_centre" is not null and "segments"."project" is not null and "segments"."recurring_billing" is null and "segments"."discount_hundredths" is null)),
	CONSTRAINT "segments_discount_ck" CHECK ("segments"."discount_hundredths" is null or "segments"."discount_hundredths" between 0 and 10000),
	CONSTRAINT "segments_fees_ck" CHECK (coalesce("segments"."admin_fee_ore", 0) >= 0 and coalesce("segments"."freight_ore", 0) >= 0),
	CONSTRAINT "segments_vat_ck" CHECK ("segments"."vat_rate" is null or "segments"."vat_rate" in (25, 12, 6, 0))
);
--> statement-breakpoint
CREATE TABLE "provider_rate_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connector_work" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"operation" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" jsonb,
	"idempotency_key" text,
	"fingerprint" text,
	"expires_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connectors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"key_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"registered_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"protocol_version" integer,
	"version" text,
	"machine" text,
	"company_name" text,
	"company_database" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounting_code_items" ADD CONSTRAINT "accounting_code_items_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_code_items" ADD CONSTRAINT "accounting_code_items_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_sync_cursors" ADD CONSTRAINT "accounting_sync_cursors_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_sync_runs" ADD CONSTRAINT "accounting_sync_runs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_sync_runs" ADD CONSTRAINT "accounting_sync_runs_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_price_changes" ADD CONSTRAINT "contract_price_changes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_price_changes" ADD CONSTRAINT "contract_price_changes_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_price_changes" ADD CONSTRAINT "contract_price_changes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_connections" ADD CONSTRAINT "accounting_connections_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_connections" ADD CONSTRAINT "accounting_connections_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_connections" ADD CONSTRAINT "accounting_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_members" ADD CONSTRAINT "segment_members_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_members" ADD CONSTRAINT "segment_members_segment_fk" FOREIGN KEY ("segment_id","club_account_id","kind") REFERENCES "public"."segments"("id","club_account_id","kind") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connector_work" ADD CONSTRAINT "connector_work_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connector_work" ADD CONSTRAINT "connector_work_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connectors" ADD CONSTRAINT "connectors_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connectors" ADD CONSTRAINT "connectors_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounting_sync_runs_club_idx" ON "accounting_sync_runs" USING btree ("club_account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_club_number_uq" ON "articles" USING btree ("club_account_id","number");--> statement-breakpoint
CREATE INDEX "articles_club_description_idx" ON "articles" USING btree ("club_account_id","description");--> statement-breakpoint
CREATE INDEX "articles_org_idx" ON "articles" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "contract_price_changes_due_idx" ON "contract_price_changes" USING btree ("status","effective_on");--> statement-breakpoint
CREATE INDEX "contract_price_changes_contract_idx" ON "contract_price_changes" USING btree ("club_account_id","contract_number");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_club_number_uq" ON "contracts" USING btree ("club_account_id","number");--> statement-breakpoint
CREATE INDEX "contracts_club_start_idx" ON "contracts" USING btree ("club_account_id","period_start");--> statement-breakpoint
CREATE INDEX "contracts_org_idx" ON "contracts" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "contracts_cancellation_idx" ON "contracts" USING btree ("cancellation_date") WHERE "contracts"."terminated_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_club_number_uq" ON "customers" USING btree ("club_account_id","number");--> statement-breakpoint
CREATE INDEX "customers_club_name_idx" ON "customers" USING btree ("club_account_id","name");--> statement-breakpoint
CREATE INDEX "customers_org_idx" ON "customers" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_connections_club_account_uq" ON "accounting_connections" USING btree ("club_account_id");--> statement-breakpoint
CREATE INDEX "accounting_connections_org_idx" ON "accounting_connections" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_states_hash_uq" ON "oauth_states" USING btree ("state_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_club_number_uq" ON "invoice_payments" USING btree ("club_account_id","number");--> statement-breakpoint
CREATE INDEX "invoice_payments_club_invoice_idx" ON "invoice_payments" USING btree ("club_account_id","invoice_number");--> statement-breakpoint
CREATE INDEX "invoice_payments_club_date_idx" ON "invoice_payments" USING btree ("club_account_id","payment_date");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_club_number_uq" ON "invoices" USING btree ("club_account_id","number");--> statement-breakpoint
CREATE INDEX "invoices_club_date_idx" ON "invoices" USING btree ("club_account_id","invoice_date","number");--> statement-breakpoint
CREATE INDEX "invoices_club_due_idx" ON "invoices" USING btree ("club_account_id","due_date","number");--> statement-breakpoint
CREATE INDEX "invoices_club_name_idx" ON "invoices" USING btree ("club_account_id","customer_name","number");--> statement-breakpoint
CREATE INDEX "invoices_club_total_idx" ON "invoices" USING btree ("club_account_id","total_ore","number");--> statement-breakpoint
CREATE INDEX "invoices_club_balance_idx" ON "invoices" USING btree ("club_account_id","balance_ore","number");--> statement-breakpoint
CREATE INDEX "invoices_club_synced_idx" ON "invoices" USING btree ("club_account_id","synced_at");--> statement-breakpoint
CREATE INDEX "invoices_search_idx" ON "invoices" USING gin (to_tsvector('simple', "number" || ' ' || "customer_number" || ' ' || "customer_name" || ' ' || coalesce("ocr", '')));--> statement-breakpoint
CREATE INDEX "invoices_club_customer_idx" ON "invoices" USING btree ("club_account_id","customer_number");--> statement-breakpoint
CREATE INDEX "invoices_club_unpaid_idx" ON "invoices" USING btree ("club_account_id","due_date") WHERE "invoices"."balance_ore" <> 0 and not "invoices"."cancelled";--> statement-breakpoint
CREATE INDEX "invoices_club_external_ref_idx" ON "invoices" USING btree ("club_account_id","external_ref");--> statement-breakpoint
CREATE INDEX "invoices_org_idx" ON "invoices" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "segment_members_account_kind_number_uq" ON "segment_members" USING btree ("club_account_id","kind","number");--> statement-breakpoint
CREATE UNIQUE INDEX "segments_account_kind_name_uq" ON "segments" USING btree ("club_account_id","kind",lower("name"));--> statement-breakpoint
CREATE INDEX "segments_org_idx" ON "segments" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "provider_rate_events_key_at_idx" ON "provider_rate_events" USING btree ("key","at");--> statement-breakpoint
CREATE UNIQUE INDEX "connector_work_idempotency_uq" ON "connector_work" USING btree ("club_account_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "connector_work_queue_idx" ON "connector_work" USING btree ("club_account_id","status","created_at");--> statement-breakpoint
CREATE INDEX "connector_work_fingerprint_idx" ON "connector_work" USING btree ("club_account_id","fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "connectors_club_account_uq" ON "connectors" USING btree ("club_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "connectors_key_hash_uq" ON "connectors" USING btree ("key_hash");