ALTER TABLE "subscription_requests" ADD COLUMN "target_tier_id" text;--> statement-breakpoint
ALTER TABLE "subscription_usage" ADD COLUMN "duplicate_documents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "duplicate_tier_id" text;