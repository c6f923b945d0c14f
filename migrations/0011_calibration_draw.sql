-- Calibration draws each date's samples in a random, reproducible order (src/db/draw-key.ts); the index is
-- written by hand: drizzle-kit splits an expression index at its commas.
DROP INDEX `submissions_calibration`;--> statement-breakpoint
CREATE INDEX `submissions_calibration` ON `submissions` (`kind`,`level`,`puzzle_date`,(((((("id" * 48271 + cast(replace("puzzle_date", '-', '') as integer) * 69621) % 2147483647) * (("id" * 48271 + cast(replace("puzzle_date", '-', '') as integer) * 69621) % 2147483647)) % 2147483647) * 16807 + (("id" * 48271 + cast(replace("puzzle_date", '-', '') as integer) * 69621) % 2147483647)) % 2147483647)) WHERE "submissions"."counted" = 1 and "submissions"."established" = 1;--> statement-breakpoint
ALTER TABLE `benchmarks` ADD `calibrated_through` integer;
