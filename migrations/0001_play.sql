CREATE TABLE `benchmark_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`level` text NOT NULL,
	`day` text NOT NULL,
	`old_seconds` real NOT NULL,
	`new_seconds` real NOT NULL,
	`median_seconds` real NOT NULL,
	`samples` integer NOT NULL,
	`limited` integer NOT NULL,
	`changed_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `benchmark_history_kind_level_day` ON `benchmark_history` (`kind`,`level`,`day`);--> statement-breakpoint
CREATE TABLE `benchmarks` (
	`kind` text NOT NULL,
	`level` text NOT NULL,
	`seconds` real NOT NULL,
	`unit` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`kind`, `level`)
);
--> statement-breakpoint
CREATE TABLE `player_ratings` (
	`player_id` text NOT NULL,
	`kind` text NOT NULL,
	`rating` real NOT NULL,
	`deviation` real NOT NULL,
	`volatility` real NOT NULL,
	`games` integer NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`player_id`, `kind`),
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `player_ratings_leaderboard` ON `player_ratings` (`kind`,`rating`,`player_id`);--> statement-breakpoint
CREATE TABLE `players` (
	`id` text PRIMARY KEY NOT NULL,
	`display_name` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `submissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`puzzle_id` text NOT NULL,
	`puzzle_date` text NOT NULL,
	`kind` text NOT NULL,
	`level` text NOT NULL,
	`player_id` text NOT NULL,
	`created_at` text NOT NULL,
	`valid` integer NOT NULL,
	`ranked` integer NOT NULL,
	`reason` text,
	`elapsed_ms` integer NOT NULL,
	`counted_ms` integer,
	`capped` integer DEFAULT false NOT NULL,
	`benchmark_seconds` real,
	`score` real,
	`rating_before` real,
	`rating_after` real,
	`deviation_after` real,
	FOREIGN KEY (`puzzle_id`) REFERENCES `puzzles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `submissions_one_ranked` ON `submissions` (`puzzle_id`,`player_id`) WHERE "submissions"."ranked" = 1;--> statement-breakpoint
CREATE INDEX `submissions_puzzle_board` ON `submissions` (`puzzle_id`,`counted_ms`,`id`) WHERE "submissions"."ranked" = 1;--> statement-breakpoint
CREATE INDEX `submissions_player_dates` ON `submissions` (`player_id`,`puzzle_date`) WHERE "submissions"."ranked" = 1;--> statement-breakpoint
CREATE INDEX `submissions_calibration` ON `submissions` (`kind`,`level`,`puzzle_date`) WHERE "submissions"."ranked" = 1;--> statement-breakpoint
CREATE INDEX `submissions_player_attempts` ON `submissions` (`player_id`,`puzzle_id`);