ALTER TABLE "contract_price_changes" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contract_price_changes" ADD COLUMN "prices_before" jsonb;--> statement-breakpoint
ALTER TABLE "contract_price_changes" ADD COLUMN "prices_after" jsonb;--> statement-breakpoint
ALTER TABLE "contract_price_changes" ADD COLUMN "error_params" jsonb;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "category" text;--> statement-breakpoint
CREATE INDEX "contract_price_changes_contract_idx" ON "contract_price_changes" USING btree ("club_account_id","contract_number");--> statement-breakpoint
CREATE INDEX "contracts_cancellation_idx" ON "contracts" USING btree ("cancellation_date") WHERE "contracts"."terminated_at" is null;