CREATE TABLE "receipt_send_outs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	"created_by" uuid,
	"error" text,
	"heartbeat_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease" uuid,
	"checkpoint" jsonb,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "receipt_send_outs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "exports" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exports" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exports" ADD COLUMN "lease" uuid;--> statement-breakpoint
ALTER TABLE "exports" ADD COLUMN "checkpoint" jsonb;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "sending_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "receipt_send_outs" ADD CONSTRAINT "receipt_send_outs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_send_outs" ADD CONSTRAINT "receipt_send_outs_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_send_outs" ADD CONSTRAINT "receipt_send_outs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipt_send_outs_club_idx" ON "receipt_send_outs" USING btree ("club_account_id","created_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "receipt_send_outs" AS PERMISSIVE FOR ALL TO public USING (nullif(current_setting('fairway.organisation_id', true), '') is null or "receipt_send_outs"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid) WITH CHECK (nullif(current_setting('fairway.organisation_id', true), '') is null or "receipt_send_outs"."organisation_id" = nullif(current_setting('fairway.organisation_id', true), '')::uuid);