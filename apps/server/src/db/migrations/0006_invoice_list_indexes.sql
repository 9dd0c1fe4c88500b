DROP INDEX "invoices_club_date_idx";--> statement-breakpoint
CREATE INDEX "invoices_club_due_idx" ON "invoices" USING btree ("club_account_id","due_date","number");--> statement-breakpoint
CREATE INDEX "invoices_club_name_idx" ON "invoices" USING btree ("club_account_id","customer_name","number");--> statement-breakpoint
CREATE INDEX "invoices_club_total_idx" ON "invoices" USING btree ("club_account_id","total_ore","number");--> statement-breakpoint
CREATE INDEX "invoices_club_balance_idx" ON "invoices" USING btree ("club_account_id","balance_ore","number");--> statement-breakpoint
CREATE INDEX "invoices_club_synced_idx" ON "invoices" USING btree ("club_account_id","synced_at");--> statement-breakpoint
CREATE INDEX "invoices_search_idx" ON "invoices" USING gin (to_tsvector('simple', "number" || ' ' || "customer_number" || ' ' || "customer_name" || ' ' || coalesce("ocr", '')));--> statement-breakpoint
CREATE INDEX "invoices_club_date_idx" ON "invoices" USING btree ("club_account_id","invoice_date","number");