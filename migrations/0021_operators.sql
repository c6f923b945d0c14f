CREATE TABLE `daily_player_stats` (
	`date` text PRIMARY KEY NOT NULL,
	`new_players` integer NOT NULL,
	`active_players` integer NOT NULL,
	`returning_players` integer NOT NULL,
	`computed_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `daily_puzzle_stats` (
	`date` text NOT NULL,
	`kind` text NOT NULL,
	`level` text NOT NULL,
	`started` integer NOT NULL,
	`solved` integer NOT NULL,
	`p25_ms` integer,
	`median_ms` integer,
	`p75_ms` integer,
	`benchmark_seconds` real NOT NULL,
	`hints` integer NOT NULL,
	`pending` integer NOT NULL,
	`flagged` integer NOT NULL,
	`voters` integer NOT NULL,
	`fun_mean` real,
	`felt_easier` integer NOT NULL,
	`felt_right` integer NOT NULL,
	`felt_harder` integer NOT NULL,
	`computed_at` text NOT NULL,
	PRIMARY KEY(`date`, `kind`, `level`)
);
--> statement-breakpoint
CREATE TABLE `moderators` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` text NOT NULL,
	`created_by` text NOT NULL,
	`revoked_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `moderators_token_hash` ON `moderators` (`token_hash`);--> statement-breakpoint
ALTER TABLE `admin_actions` ADD `moderator_id` text;--> statement-breakpoint
ALTER TABLE `admin_actions` ADD `moderator_name` text;--> statement-breakpoint
ALTER TABLE `puzzles` ADD `attempt` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `play_sessions_puzzle` ON `play_sessions` (`puzzle_id`);--> statement-breakpoint
CREATE INDEX `players_created` ON `players` (`created_at`);