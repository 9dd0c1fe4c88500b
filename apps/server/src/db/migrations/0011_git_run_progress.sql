ALTER TABLE "git_transactions" ADD COLUMN "total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "git_transactions" ADD COLUMN "processed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "git_transactions" ADD COLUMN "failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "git_transactions" ADD COLUMN "failures" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "git_transactions" ADD COLUMN "target_club_account_id" uuid;--> statement-breakpoint
ALTER TABLE "git_transactions" ADD CONSTRAINT "git_transactions_target_club_account_id_club_accounts_id_fk" FOREIGN KEY ("target_club_account_id") REFERENCES "public"."club_accounts"("id") ON DELETE set null ON UPDATE no action;