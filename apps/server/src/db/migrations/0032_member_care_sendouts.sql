CREATE TABLE "member_care_sendout_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"sendout_id" uuid NOT NULL,
	"member_id" uuid,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"via_payer" boolean DEFAULT false NOT NULL,
	"fields" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"attempted_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"provider_id" text,
	"segments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_care_sendout_recipients_status_ck" CHECK ("member_care_sendout_recipients"."status" in ('queued', 'sending', 'sent', 'delivered', 'failed', 'bounced', 'review'))
);
--> statement-breakpoint
ALTER TABLE "member_care_sendout_recipients" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "member_care_sendouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"title" text NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"template_id" uuid,
	"subject" text DEFAULT '' NOT NULL,
	"sender" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"segments" integer DEFAULT 0 NOT NULL,
	"selection" jsonb NOT NULL,
	"send_at" timestamp with time zone,
	"sent_subject" text,
	"sent_html" text,
	"sent_text" text,
	"sent_lang" text,
	"materialised_at" timestamp with time zone,
	"error" text,
	"heartbeat_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease" uuid,
	"checkpoint" jsonb,
	"created_by" uuid,
	"updated_by" uuid,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_care_sendouts_channel_ck" CHECK ("member_care_sendouts"."channel" in ('email', 'sms')),
	CONSTRAINT "member_care_sendouts_status_ck" CHECK ("member_care_sendouts"."status" in ('draft', 'scheduled', 'queued', 'running', 'succeeded', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "member_care_sendouts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "member_care_unsubscribes" (
	"organisation_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"source" text NOT NULL,
	"sendout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_care_unsubscribes_pk" PRIMARY KEY("organisation_id","channel","member_id"),
	CONSTRAINT "member_care_unsubscribes_channel_ck" CHECK ("member_care_unsubscribes"."channel" in ('email', 'sms'))
);
--> statement-breakpoint
ALTER TABLE "member_care_unsubscribes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "member_care_sendout_recipients" ADD CONSTRAINT "member_care_sendout_recipients_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_care_sendout_recipients" ADD CONSTRAINT "member_care_sendout_recipients_sendout_id_member_care_sendouts_id_fk" FOREIGN KEY ("sendout_id") REFERENCES "public"."member_care_sendouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_care_sendout_recipients" ADD CONSTRAINT "member_care_sendout_recipients_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_care_sendouts" ADD CONSTRAINT "member_care_sendouts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_care_sendouts" ADD CONSTRAINT "member_care_sendouts_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_care_sendouts" ADD CONSTRAINT "member_care_sendouts_template_id_email_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."email_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_care_sendouts" ADD CONSTRAINT "member_care_sendouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_care_sendouts" ADD CONSTRAINT "member_care_sendouts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_care_unsubscribes" ADD CONSTRAINT "member_care_unsubscribes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_care_unsubscribes" ADD CONSTRAINT "member_care_unsubscribes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_care_sendout_recipients_position_uq" ON "member_care_sendout_recipients" USING btree ("sendout_id","position");--> statement-breakpoint
CREATE INDEX "member_care_sendout_recipients_status_idx" ON "member_care_sendout_recipients" USING btree ("sendout_id","status");--> statement-breakpoint
CREATE INDEX "member_care_sendout_recipients_provider_idx" ON "member_care_sendout_recipients" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "member_care_sendouts_account_idx" ON "member_care_sendouts" USING btree ("club_account_id","status","send_at");--> statement-breakpoint
CREATE INDEX "member_care_sendouts_org_idx" ON "member_care_sendouts" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "member_care_sendouts_due_idx" ON "member_care_sendouts" USING btree ("send_at") WHERE "member_care_sendouts"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "member_care_unsubscribes_member_idx" ON "member_care_unsubscribes" USING btree ("member_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "member_care_sendout_recipients" AS PERMISSIVE FOR ALL TO public USING (nullif(current_setting('fairway.organisation_id', true), '') is null or "member_care_sendout_recipients"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid) WITH CHECK (nullif(current_setting('fairway.organisation_id', true), '') is null or "member_care_sendout_recipients"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "member_care_sendouts" AS PERMISSIVE FOR ALL TO public USING (nullif(current_setting('fairway.organisation_id', true), '') is null or "member_care_sendouts"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid) WITH CHECK (nullif(current_setting('fairway.organisation_id', true), '') is null or "member_care_sendouts"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "member_care_unsubscribes" AS PERMISSIVE FOR ALL TO public USING (nullif(current_setting('fairway.organisation_id', true), '') is null or "member_care_unsubscribes"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid) WITH CHECK (nullif(current_setting('fairway.organisation_id', true), '') is null or "member_care_unsubscribes"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid);