CREATE TABLE `puzzle_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`puzzle_id` text NOT NULL,
	`player_id` text NOT NULL,
	`reason` text NOT NULL,
	`note` text,
	`reported_at` text NOT NULL,
	`resolved_at` text,
	FOREIGN KEY (`puzzle_id`) REFERENCES `puzzles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `puzzle_reports_one_per_player` ON `puzzle_reports` (`puzzle_id`,`player_id`);--> statement-breakpoint
CREATE INDEX `puzzle_reports_open` ON `puzzle_reports` (`id`) WHERE resolved_at is null;--> statement-breakpoint
CREATE TABLE `puzzle_votes` (
	`puzzle_id` text NOT NULL,
	`player_id` text NOT NULL,
	`fun` integer NOT NULL,
	`felt` text NOT NULL,
	`voted_at` text NOT NULL,
	PRIMARY KEY(`puzzle_id`, `player_id`),
	FOREIGN KEY (`puzzle_id`) REFERENCES `puzzles`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
