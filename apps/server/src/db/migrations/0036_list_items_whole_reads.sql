ALTER TABLE "contracts" ALTER COLUMN "contract_date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "read_in_full_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "read_in_full_at" timestamp with time zone;