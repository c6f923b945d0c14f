DROP INDEX `submissions_daily`;--> statement-breakpoint
CREATE INDEX `submissions_daily` ON `submissions` (`puzzle_date`,`player_id`,`score`) WHERE "submissions"."counted" = 1;