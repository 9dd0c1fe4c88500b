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
ALTER TABLE "segment_members" ADD CONSTRAINT "segment_members_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_members" ADD CONSTRAINT "segment_members_segment_fk" FOREIGN KEY ("segment_id","club_account_id","kind") REFERENCES "public"."segments"("id","club_account_id","kind") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "segment_members_account_kind_number_uq" ON "segment_members" USING btree ("club_account_id","kind","number");--> statement-breakpoint
CREATE UNIQUE INDEX "segments_account_kind_name_uq" ON "segments" USING btree ("club_account_id","kind",lower("name"));--> statement-breakpoint
CREATE INDEX "segments_org_idx" ON "segments" USING btree ("organisation_id");