CREATE TABLE `admin_actions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` text NOT NULL,
	`action` text NOT NULL,
	`target` text NOT NULL,
	`reason` text,
	`details` text
);
--> statement-breakpoint
CREATE TABLE `play_sessions` (
	`player_id` text NOT NULL,
	`puzzle_id` text NOT NULL,
	`started_at` integer NOT NULL,
	`time_zone` text,
	PRIMARY KEY(`player_id`, `puzzle_id`),
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`puzzle_id`) REFERENCES `puzzles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
DROP INDEX `submissions_player_dates`;--> statement-breakpoint
DROP INDEX `submissions_puzzle_board`;--> statement-breakpoint
DROP INDEX `submissions_calibration`;--> statement-breakpoint
DROP INDEX `submissions_puzzle_games`;--> statement-breakpoint
ALTER TABLE `submissions` ADD `status` text;--> statement-breakpoint
ALTER TABLE `submissions` ADD `counted` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `submissions` ADD `flags` text;--> statement-breakpoint
ALTER TABLE `submissions` ADD `evidence` text;--> statement-breakpoint
ALTER TABLE `submissions` ADD `log` text;--> statement-breakpoint
ALTER TABLE `submissions` ADD `opponent_rating` real;--> statement-breakpoint
ALTER TABLE `submissions` ADD `opponent_deviation` real;--> statement-breakpoint
ALTER TABLE `submissions` ADD `puzzle_weight` real;--> statement-breakpoint
ALTER TABLE `submissions` ADD `player_weight` real;--> statement-breakpoint
ALTER TABLE `submissions` ADD `established` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `submissions` ADD `streak_date` text;--> statement-breakpoint
CREATE INDEX `submissions_player_streak` ON `submissions` (`player_id`,`streak_date`) WHERE "submissions"."counted" = 1;--> statement-breakpoint
CREATE INDEX `submissions_player_games` ON `submissions` (`player_id`,`kind`,`id`) WHERE "submissions"."counted" = 1;--> statement-breakpoint
CREATE INDEX `submissions_flagged` ON `submissions` (`id`) WHERE "submissions"."status" = 'flagged';--> statement-breakpoint
CREATE INDEX `submissions_puzzle_board` ON `submissions` (`puzzle_id`,`counted_ms`,`id`) WHERE "submissions"."counted" = 1;--> statement-breakpoint
CREATE INDEX `submissions_calibration` ON `submissions` (`kind`,`level`,`puzzle_date`) WHERE "submissions"."counted" = 1 and "submissions"."established" = 1;--> statement-breakpoint
CREATE INDEX `submissions_puzzle_games` ON `submissions` (`puzzle_id`,`id`) WHERE "submissions"."counted" = 1;--> statement-breakpoint
DROP INDEX `player_ratings_leaderboard`;--> statement-breakpoint
ALTER TABLE `player_ratings` ADD `rated_through` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `player_ratings` ADD `version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `player_ratings` ADD `established` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `player_ratings_leaderboard` ON `player_ratings` (`kind`,`rating`,`player_id`) WHERE "player_ratings"."established" = 1;--> statement-breakpoint
ALTER TABLE `benchmark_history` ADD `players` integer;--> statement-breakpoint
ALTER TABLE `benchmarks` ADD `floor_ratio` real;--> statement-breakpoint
ALTER TABLE `players` ADD `time_zone` text;--> statement-breakpoint
ALTER TABLE `players` ADD `time_zone_changed_at` text;--> statement-breakpoint
ALTER TABLE `players` ADD `banned_at` text;--> statement-breakpoint
ALTER TABLE `players` ADD `ban_reason` text;--> statement-breakpoint
ALTER TABLE `puzzles` ADD `established_games` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `puzzles` ADD `rating_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Ranked solves stored before fair play counted everywhere at full weight, and their games are in both
-- ratings; their dates counted for streaks.
UPDATE `submissions` SET `status` = 'clean', `counted` = 1, `puzzle_weight` = 1, `player_weight` = 1, `streak_date` = `puzzle_date` WHERE `ranked` = 1;--> statement-breakpoint
UPDATE `player_ratings` SET `rated_through` = coalesce((SELECT max(`s`.`id`) FROM `submissions` `s` WHERE `s`.`player_id` = `player_ratings`.`player_id` AND `s`.`kind` = `player_ratings`.`kind` AND `s`.`ranked` = 1), 0);--> statement-breakpoint
-- The rule of src/rating/standing.ts as it stood when this migration was written.
UPDATE `player_ratings` SET `established` = (`games` >= 5 AND `deviation` < 230 AND (SELECT count(DISTINCT `s`.`puzzle_date`) FROM `submissions` `s` WHERE `s`.`player_id` = `player_ratings`.`player_id` AND `s`.`kind` = `player_ratings`.`kind` AND `s`.`ranked` = 1) >= 3);
