CREATE TABLE "fee_rule_fees" (
	"fee_rule_id" uuid NOT NULL,
	"fee_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "fee_rule_fees_pk" PRIMARY KEY("fee_rule_id","fee_id")
);
--> statement-breakpoint
CREATE TABLE "fee_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"discount_type" text DEFAULT 'none' NOT NULL,
	"discount_value" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_rules_id_account_uq" UNIQUE("id","club_account_id"),
	CONSTRAINT "fee_rules_discount_type_ck" CHECK ("fee_rules"."discount_type" in ('none', 'percentage', 'amount')),
	CONSTRAINT "fee_rules_discount_ck" CHECK ("fee_rules"."discount_value" >= 0 and ("fee_rules"."discount_type" <> 'percentage' or "fee_rules"."discount_value" <= 10000) and ("fee_rules"."discount_type" <> 'none' or "fee_rules"."discount_value" = 0))
);
--> statement-breakpoint
CREATE TABLE "fee_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_types_id_account_uq" UNIQUE("id","club_account_id")
);
--> statement-breakpoint
CREATE TABLE "fees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"fee_type_id" uuid NOT NULL,
	"name" text NOT NULL,
	"amount_ore" integer NOT NULL,
	"vat_rate" integer NOT NULL,
	"article_number" text DEFAULT '' NOT NULL,
	"member_category" text DEFAULT '' NOT NULL,
	"period_type" text NOT NULL,
	"period_year" integer,
	"valid_from" date,
	"valid_to" date,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fees_id_account_uq" UNIQUE("id","club_account_id"),
	CONSTRAINT "fees_amount_ck" CHECK ("fees"."amount_ore" > 0),
	CONSTRAINT "fees_vat_ck" CHECK ("fees"."vat_rate" in (25, 12, 6, 0)),
	CONSTRAINT "fees_period_ck" CHECK (("fees"."period_type" = 'year' and "fees"."period_year" is not null and "fees"."valid_from" is null and "fees"."valid_to" is null) or ("fees"."period_type" = 'dates' and "fees"."period_year" is null and "fees"."valid_from" is not null and "fees"."valid_to" is not null and "fees"."valid_to" >= "fees"."valid_from"))
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"invoice_number" text NOT NULL,
	"state" text DEFAULT 'not_sent' NOT NULL,
	"send_out_id" uuid,
	"lang" text DEFAULT 'sv' NOT NULL,
	"sent_at" timestamp with time zone,
	"recipient" text,
	"failure" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fee_rule_fees" ADD CONSTRAINT "fee_rule_fees_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_rule_fees" ADD CONSTRAINT "fee_rule_fees_rule_fk" FOREIGN KEY ("fee_rule_id","club_account_id") REFERENCES "public"."fee_rules"("id","club_account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_rule_fees" ADD CONSTRAINT "fee_rule_fees_fee_fk" FOREIGN KEY ("fee_id","club_account_id") REFERENCES "public"."fees"("id","club_account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_rules" ADD CONSTRAINT "fee_rules_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_rules" ADD CONSTRAINT "fee_rules_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_rules" ADD CONSTRAINT "fee_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_rules" ADD CONSTRAINT "fee_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_types" ADD CONSTRAINT "fee_types_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_types" ADD CONSTRAINT "fee_types_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_types" ADD CONSTRAINT "fee_types_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_types" ADD CONSTRAINT "fee_types_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_fee_type_fk" FOREIGN KEY ("fee_type_id","club_account_id") REFERENCES "public"."fee_types"("id","club_account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_rule_fees_fee_idx" ON "fee_rule_fees" USING btree ("fee_id");--> statement-breakpoint
CREATE INDEX "fee_rules_account_idx" ON "fee_rules" USING btree ("club_account_id","organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_types_account_name_uq" ON "fee_types" USING btree ("club_account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "fee_types_org_idx" ON "fee_types" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "fees_account_idx" ON "fees" USING btree ("club_account_id","organisation_id");--> statement-breakpoint
CREATE INDEX "fees_fee_type_idx" ON "fees" USING btree ("fee_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_club_invoice_uq" ON "receipts" USING btree ("club_account_id","invoice_number");--> statement-breakpoint
CREATE INDEX "receipts_send_out_idx" ON "receipts" USING btree ("send_out_id");