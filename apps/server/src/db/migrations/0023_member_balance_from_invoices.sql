DROP INDEX "members_club_balance_idx";--> statement-breakpoint
ALTER TABLE "members" DROP COLUMN "invoice_balance_ore";