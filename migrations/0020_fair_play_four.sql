DROP INDEX `submissions_player_signals`;--> statement-breakpoint
DROP INDEX `submissions_signals`;--> statement-breakpoint
ALTER TABLE `submissions` ADD `ramp` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `submissions_player_level_paces` ON `submissions` (`player_id`,`kind`,`level`,`id`) WHERE "submissions"."ranked" = 1;--> statement-breakpoint
CREATE INDEX `submissions_player_signals` ON `submissions` (`player_id`,`created_at`) WHERE "submissions"."hugs_floor" = 1 or "submissions"."early_elite" = 1 or "submissions"."ramp" = 1;--> statement-breakpoint
CREATE INDEX `submissions_signals` ON `submissions` (`created_at`) WHERE "submissions"."hugs_floor" = 1 or "submissions"."early_elite" = 1 or "submissions"."ramp" = 1;--> statement-breakpoint
ALTER TABLE `benchmarks` ADD `floor_ratio_set` real;--> statement-breakpoint
ALTER TABLE `benchmarks` ADD `elite_ratio_set` real;--> statement-breakpoint
ALTER TABLE `benchmarks` ADD `record_ratio` real;--> statement-breakpoint
ALTER TABLE `players` ADD `approved_at` text;