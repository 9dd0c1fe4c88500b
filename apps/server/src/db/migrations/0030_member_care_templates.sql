CREATE TABLE "email_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"title" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"lang" text DEFAULT 'sv' NOT NULL,
	"design" jsonb NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_lang_ck" CHECK ("email_templates"."lang" in ('sv', 'en'))
);
--> statement-breakpoint
ALTER TABLE "email_templates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "newsletter_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_images_type_ck" CHECK ("newsletter_images"."content_type" in ('image/png', 'image/jpeg', 'image/gif', 'image/webp'))
);
--> statement-breakpoint
ALTER TABLE "newsletter_images" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_images" ADD CONSTRAINT "newsletter_images_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_images" ADD CONSTRAINT "newsletter_images_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_images" ADD CONSTRAINT "newsletter_images_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_templates_account_updated_idx" ON "email_templates" USING btree ("club_account_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "email_templates_org_idx" ON "email_templates" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "newsletter_images_org_idx" ON "newsletter_images" USING btree ("organisation_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "email_templates" AS PERMISSIVE FOR ALL TO public USING (nullif(current_setting('fairway.organisation_id', true), '') is null or "email_templates"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid) WITH CHECK (nullif(current_setting('fairway.organisation_id', true), '') is null or "email_templates"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "newsletter_images" AS PERMISSIVE FOR ALL TO public USING (nullif(current_setting('fairway.organisation_id', true), '') is null or "newsletter_images"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid) WITH CHECK (nullif(current_setting('fairway.organisation_id', true), '') is null or "newsletter_images"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid);