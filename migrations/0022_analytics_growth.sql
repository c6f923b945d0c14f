ALTER TABLE `daily_player_stats` ADD `shares_made` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `daily_player_stats` ADD `streak_1` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `daily_player_stats` ADD `streak_2_6` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `daily_player_stats` ADD `streak_7_29` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `daily_player_stats` ADD `streak_30_up` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `daily_player_stats` ADD `back_after_1` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `daily_player_stats` ADD `back_after_7` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `daily_player_stats` ADD `back_after_30` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `shares_date` ON `shares` (`date`);