ALTER TABLE "accounting_sync_runs" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounting_sync_runs" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_sync_runs" ADD COLUMN "lease" uuid;--> statement-breakpoint
ALTER TABLE "accounting_sync_runs" ADD COLUMN "checkpoint" jsonb;--> statement-breakpoint
ALTER TABLE "git_transactions" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "git_transactions" ADD COLUMN "lease" uuid;--> statement-breakpoint
ALTER TABLE "git_transactions" ADD COLUMN "checkpoint" jsonb;--> statement-breakpoint
ALTER TABLE "git_transactions" ADD COLUMN "input" jsonb;