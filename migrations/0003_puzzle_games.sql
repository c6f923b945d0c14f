ALTER TABLE `puzzles` ADD `rated_through` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `submissions` ADD `deviation_before` real;--> statement-breakpoint
CREATE INDEX `submissions_puzzle_games` ON `submissions` (`puzzle_id`,`id`) WHERE "submissions"."ranked" = 1;--> statement-breakpoint
-- Games stored before this migration were already applied to their puzzle's rating, one by one.
UPDATE `puzzles` SET `rated_through` = coalesce((SELECT max(`id`) FROM `submissions` WHERE `submissions`.`puzzle_id` = `puzzles`.`id` AND `submissions`.`ranked` = 1), 0);
