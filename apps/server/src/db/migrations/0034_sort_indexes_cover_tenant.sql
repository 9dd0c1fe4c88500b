DROP INDEX "invoices_club_date_idx";--> statement-breakpoint
DROP INDEX "invoices_club_due_idx";--> statement-breakpoint
DROP INDEX "invoices_club_name_idx";--> statement-breakpoint
DROP INDEX "invoices_club_total_idx";--> statement-breakpoint
DROP INDEX "invoices_club_balance_idx";--> statement-breakpoint
DROP INDEX "members_club_name_idx";--> statement-breakpoint
DROP INDEX "members_club_member_number_idx";--> statement-breakpoint
DROP INDEX "members_club_birth_date_idx";--> statement-breakpoint
DROP INDEX "members_club_hcp_idx";--> statement-breakpoint
DROP INDEX "members_club_member_since_idx";--> statement-breakpoint
DROP INDEX "members_club_created_idx";--> statement-breakpoint
CREATE INDEX "invoices_club_date_idx" ON "invoices" USING btree ("club_account_id","invoice_date","number","organisation_id");--> statement-breakpoint
CREATE INDEX "invoices_club_due_idx" ON "invoices" USING btree ("club_account_id","due_date","number","organisation_id");--> statement-breakpoint
CREATE INDEX "invoices_club_name_idx" ON "invoices" USING btree ("club_account_id","customer_name","number","organisation_id");--> statement-breakpoint
CREATE INDEX "invoices_club_total_idx" ON "invoices" USING btree ("club_account_id","total_ore","number","organisation_id");--> statement-breakpoint
CREATE INDEX "invoices_club_balance_idx" ON "invoices" USING btree ("club_account_id","balance_ore","number","organisation_id");--> statement-breakpoint
CREATE INDEX "members_club_name_idx" ON "members" USING btree ("club_account_id","lastname","firstname","id","organisation_id");--> statement-breakpoint
CREATE INDEX "members_club_member_number_idx" ON "members" USING btree ("club_account_id","member_number","id","organisation_id");--> statement-breakpoint
CREATE INDEX "members_club_birth_date_idx" ON "members" USING btree ("club_account_id","birth_date","id","organisation_id");--> statement-breakpoint
CREATE INDEX "members_club_hcp_idx" ON "members" USING btree ("club_account_id","hcp_tenths","id","organisation_id");--> statement-breakpoint
CREATE INDEX "members_club_member_since_idx" ON "members" USING btree ("club_account_id","member_since","id","organisation_id");--> statement-breakpoint
CREATE INDEX "members_club_created_idx" ON "members" USING btree ("club_account_id","created_at","id","organisation_id");