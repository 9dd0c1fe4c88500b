CREATE TABLE "git_report_runs" (
	"run_id" uuid PRIMARY KEY NOT NULL,
	"kinds" jsonb NOT NULL,
	"basis_ids" jsonb,
	"lang" text DEFAULT 'sv' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "git_status_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"target_club_account_id" uuid NOT NULL,
	"basis_git_id" text NOT NULL,
	"invoice_number" text NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"amount_ore" bigint DEFAULT 0 NOT NULL,
	"event_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"run_id" uuid,
	"reported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "git_report_runs" ADD CONSTRAINT "git_report_runs_run_id_git_transactions_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."git_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_status_reports" ADD CONSTRAINT "git_status_reports_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_status_reports" ADD CONSTRAINT "git_status_reports_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_status_reports" ADD CONSTRAINT "git_status_reports_target_club_account_id_club_accounts_id_fk" FOREIGN KEY ("target_club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_status_reports" ADD CONSTRAINT "git_status_reports_run_id_git_transactions_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."git_transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "git_status_reports_reference_uq" ON "git_status_reports" USING btree ("club_account_id","basis_git_id","reference");--> statement-breakpoint
CREATE INDEX "git_status_reports_target_idx" ON "git_status_reports" USING btree ("target_club_account_id","invoice_number");--> statement-breakpoint
CREATE INDEX "git_status_reports_org_idx" ON "git_status_reports" USING btree ("organisation_id");