CREATE TABLE "git_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"club_account_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"sheet_names" jsonb NOT NULL,
	"sheet_name" text NOT NULL,
	"header_row" integer NOT NULL,
	"columns" jsonb NOT NULL,
	"rows" jsonb NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"occasion_id" uuid,
	"result" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "git_imports" ADD CONSTRAINT "git_imports_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_imports" ADD CONSTRAINT "git_imports_club_account_id_club_accounts_id_fk" FOREIGN KEY ("club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_imports" ADD CONSTRAINT "git_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "git_imports_club_idx" ON "git_imports" USING btree ("club_account_id","created_at");--> statement-breakpoint
CREATE INDEX "git_imports_org_idx" ON "git_imports" USING btree ("organisation_id");