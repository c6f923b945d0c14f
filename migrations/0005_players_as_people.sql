CREATE TABLE `follows` (
	`follower_id` text NOT NULL,
	`followee_id` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`follower_id`, `followee_id`),
	FOREIGN KEY (`follower_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`followee_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `follows_followee` ON `follows` (`followee_id`);--> statement-breakpoint
CREATE TABLE `group_members` (
	`group_id` text NOT NULL,
	`player_id` text NOT NULL,
	`joined_at` text NOT NULL,
	PRIMARY KEY(`group_id`, `player_id`),
	FOREIGN KEY (`group_id`) REFERENCES `groups`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `group_members_player` ON `group_members` (`player_id`);--> statement-breakpoint
CREATE TABLE `groups` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`owner_id` text NOT NULL,
	`invite_code` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `groups_invite_code` ON `groups` (`invite_code`);--> statement-breakpoint
CREATE INDEX `groups_owner` ON `groups` (`owner_id`);--> statement-breakpoint
CREATE TABLE `link_codes` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `player_tokens` (
	`player_id` text NOT NULL,
	`id` text NOT NULL,
	`created_at` text NOT NULL,
	`via` text NOT NULL,
	`revoked_at` text,
	PRIMARY KEY(`player_id`, `id`),
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `players` ADD `board_visibility` text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE `players` ADD `deleted_at` text;--> statement-breakpoint
ALTER TABLE `submissions` ADD `practice` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `submissions_player_history` ON `submissions` (`player_id`,`id`);--> statement-breakpoint
CREATE INDEX `submissions_daily` ON `submissions` (`puzzle_date`,`player_id`) WHERE "submissions"."counted" = 1;--> statement-breakpoint
-- Tokens issued before token ids carry none: each existing player's are one revocable "legacy" device.
INSERT INTO `player_tokens` (`player_id`, `id`, `created_at`, `via`) SELECT `id`, 'legacy', `created_at`, 'legacy' FROM `players`;
