ALTER TABLE `play_sessions` ADD `network` text;--> statement-breakpoint
ALTER TABLE `players` ADD `time_zone_previous` text;--> statement-breakpoint
CREATE INDEX `admin_actions_target` ON `admin_actions` (`target`,`id`);