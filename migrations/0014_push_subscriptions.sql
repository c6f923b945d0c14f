CREATE TABLE `push_subscriptions` (
	`endpoint` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`token_id` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`hour` integer NOT NULL,
	`created_at` text NOT NULL,
	`next_due_at` integer NOT NULL,
	`last_sent_date` text,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `push_subscriptions_due` ON `push_subscriptions` (`next_due_at`,`endpoint`);--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_device` ON `push_subscriptions` (`player_id`,`token_id`);