CREATE TABLE `shares` (
	`code` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`date` text NOT NULL,
	`kind` text,
	`level` text,
	`card` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `shares_player` ON `shares` (`player_id`,`created_at`);