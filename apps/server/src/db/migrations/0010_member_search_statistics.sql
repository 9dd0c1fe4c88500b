-- Word-prefix searches of the member list are planned from the most common words of
-- search_vector (see 0005 for invoices): a common surname among 50,000 members is estimated from
-- 1,000 words instead of 100, so the planner picks between walking the name index and a bitmap of
-- the matches on real counts.
ALTER TABLE "members" ALTER COLUMN "search_vector" SET STATISTICS 1000;
