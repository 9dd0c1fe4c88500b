ALTER TABLE "git_invoice_occasions" ALTER COLUMN "total_ore" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "git_invoice_occasions" ALTER COLUMN "paid_ore" SET DATA TYPE bigint;