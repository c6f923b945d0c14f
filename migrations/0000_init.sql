CREATE TABLE `generation_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`date` text NOT NULL,
	`trigger` text NOT NULL,
	`started_at` text NOT NULL,
	`finished_at` text,
	`status` text NOT NULL,
	`generated` integer DEFAULT 0 NOT NULL,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `generation_runs_date` ON `generation_runs` (`date`,`id`);--> statement-breakpoint
CREATE TABLE `puzzles` (
	`id` text PRIMARY KEY NOT NULL,
	`date` text NOT NULL,
	`kind` text NOT NULL,
	`level` text NOT NULL,
	`seed` text NOT NULL,
	`engine_version` integer NOT NULL,
	`puzzle_json` text NOT NULL,
	`public_json` text NOT NULL,
	`answer_json` text NOT NULL,
	`difficulty_json` text NOT NULL,
	`meta_json` text DEFAULT '{}' NOT NULL,
	`benchmark_seconds` real NOT NULL,
	`rating` real DEFAULT 1500 NOT NULL,
	`rating_deviation` real DEFAULT 500 NOT NULL,
	`rating_volatility` real DEFAULT 0.09 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `puzzles_date_kind_level` ON `puzzles` (`date`,`kind`,`level`);