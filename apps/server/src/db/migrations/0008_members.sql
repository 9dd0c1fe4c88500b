CREATE TABLE "families" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"fee_rule_id" uuid,
	"discount_type" text,
	"discount_value" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_members" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"family_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"role" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"description" text,
	"junior" boolean DEFAULT false NOT NULL,
	"default_fee_rule_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_list_versions" (
	"club_account_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"text" text NOT NULL,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"email" text,
	"birth_date" date,
	"active" boolean DEFAULT true NOT NULL,
	"sex" text,
	"member_number" text,
	"home_club" text,
	"golf_id" text,
	"personal_number" text,
	"country" text,
	"hcp_tenths" integer,
	"home_address" text,
	"postal_address" text,
	"zip_code" text,
	"city" text,
	"phone_mobile" text,
	"phone_home" text,
	"phone_work" text,
	"member_category_id" uuid,
	"fee_rule_id" uuid,
	"player_category_id" uuid,
	"customer_number" text,
	"member_since" date,
	"invoice_balance_ore" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"accounting_number_active" boolean DEFAULT false NOT NULL,
	"billing_name" text,
	"billing_reference" text,
	"billing_method" text,
	"billing_cycle" text,
	"receipts_email" text,
	"guardian_id" uuid,
	"source" text DEFAULT 'portal' NOT NULL,
	"git_created_at" timestamp with time zone,
	"git_updated_at" timestamp with time zone,
	"git_synced_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', "members"."firstname" || ' ' || "members"."lastname" || ' ' || coalesce("members"."golf_id", '') || ' ' || coalesce(replace("members"."golf_id", '-', ''), '') || ' ' || coalesce("members"."member_number", '') || ' ' || coalesce("members"."email", ''))) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "families" ADD CONSTRAINT "families_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "families" ADD CONSTRAINT "families_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_categories" ADD CONSTRAINT "member_categories_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_categories" ADD CONSTRAINT "member_categories_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_list_versions" ADD CONSTRAINT "member_list_versions_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_member_category_id_member_categories_id_fk" FOREIGN KEY ("member_category_id") REFERENCES "public"."member_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_player_category_id_player_categories_id_fk" FOREIGN KEY ("player_category_id") REFERENCES "public"."player_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_guardian_id_members_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_categories" ADD CONSTRAINT "player_categories_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_categories" ADD CONSTRAINT "player_categories_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "families_club_name_idx" ON "families" USING btree ("club_account_id","name");--> statement-breakpoint
CREATE INDEX "family_members_family_idx" ON "family_members" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "family_members_one_payer_uq" ON "family_members" USING btree ("family_id") WHERE "family_members"."role" = 'payer';--> statement-breakpoint
CREATE UNIQUE INDEX "member_categories_club_code_uq" ON "member_categories" USING btree ("club_account_id","code");--> statement-breakpoint
CREATE INDEX "member_categories_club_name_idx" ON "member_categories" USING btree ("club_account_id","name");--> statement-breakpoint
CREATE INDEX "member_notes_member_idx" ON "member_notes" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "members_club_golf_id_uq" ON "members" USING btree ("club_account_id","golf_id");--> statement-breakpoint
CREATE INDEX "members_club_name_idx" ON "members" USING btree ("club_account_id","lastname","firstname","id");--> statement-breakpoint
CREATE INDEX "members_club_member_number_idx" ON "members" USING btree ("club_account_id","member_number","id");--> statement-breakpoint
CREATE INDEX "members_club_birth_date_idx" ON "members" USING btree ("club_account_id","birth_date","id");--> statement-breakpoint
CREATE INDEX "members_club_hcp_idx" ON "members" USING btree ("club_account_id","hcp_tenths","id");--> statement-breakpoint
CREATE INDEX "members_club_member_since_idx" ON "members" USING btree ("club_account_id","member_since","id");--> statement-breakpoint
CREATE INDEX "members_club_balance_idx" ON "members" USING btree ("club_account_id","invoice_balance_ore","id");--> statement-breakpoint
CREATE INDEX "members_club_created_idx" ON "members" USING btree ("club_account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "members_club_category_idx" ON "members" USING btree ("club_account_id","member_category_id");--> statement-breakpoint
CREATE INDEX "members_club_player_category_idx" ON "members" USING btree ("club_account_id","player_category_id");--> statement-breakpoint
CREATE INDEX "members_club_guardian_idx" ON "members" USING btree ("club_account_id","guardian_id");--> statement-breakpoint
CREATE INDEX "members_club_customer_idx" ON "members" USING btree ("club_account_id","customer_number");--> statement-breakpoint
CREATE INDEX "members_search_idx" ON "members" USING gin ("club_account_id","search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE UNIQUE INDEX "player_categories_club_code_uq" ON "player_categories" USING btree ("club_account_id","code");--> statement-breakpoint
CREATE INDEX "player_categories_club_name_idx" ON "player_categories" USING btree ("club_account_id","name");