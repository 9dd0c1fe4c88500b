ALTER TABLE "families" ADD COLUMN "git_family_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "families_club_git_family_uq" ON "families" USING btree ("club_account_id","git_family_id");