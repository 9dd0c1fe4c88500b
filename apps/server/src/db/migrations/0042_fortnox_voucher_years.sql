-- A custom migration (drizzle-kit generate --custom). Fortnox numbers vouchers anew in every
-- financial year, and the mirror now names a Fortnox voucher with its year, `A 17 (2025)`
-- (modules/duplicates/documents.mirror.ts voucherRow). A name written before, `A 17`, may stand
-- for two vouchers of different years: such names are dropped with the groups and "not a
-- duplicate" marks built on them, and the next refresh reads Fortnox's vouchers in full again
-- (docs/duplicates.md#mirror), after which the scan finds their duplicates under the new names.
DELETE FROM "duplicate_groups" g USING "club_accounts" c
  WHERE g."club_account_id" = c."id" AND c."accounting_program" = 'fortnox'
    AND g."resource" = 'voucher' AND g."original_number" NOT LIKE '%)';--> statement-breakpoint
DELETE FROM "duplicate_dismissals" d USING "club_accounts" c
  WHERE d."club_account_id" = c."id" AND c."accounting_program" = 'fortnox'
    AND d."resource" = 'voucher' AND (d."number_a" NOT LIKE '%)' OR d."number_b" NOT LIKE '%)');--> statement-breakpoint
DELETE FROM "accounting_documents" a USING "club_accounts" c
  WHERE a."club_account_id" = c."id" AND c."accounting_program" = 'fortnox'
    AND a."resource" = 'voucher' AND a."number" NOT LIKE '%)';--> statement-breakpoint
UPDATE "accounting_sync_cursors" s SET "last_full_at" = NULL FROM "club_accounts" c
  WHERE s."club_account_id" = c."id" AND c."accounting_program" = 'fortnox' AND s."resource" = 'vouchers';
