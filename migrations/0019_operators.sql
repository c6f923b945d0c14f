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
ALTER TABLE `puzzles` ADD `attempt` integer DEFAULT 0 NOT NULL;