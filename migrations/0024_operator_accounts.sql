CREATE TABLE `player_accounts` (
	`player_id` text PRIMARY KEY NOT NULL,
	`external_id` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `player_accounts_external_id_unique` ON `player_accounts` (`external_id`);