DROP INDEX `submissions_flagged`;--> statement-breakpoint
ALTER TABLE `submissions` ADD `hugs_floor` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `submissions` ADD `early_elite` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `submissions_player_play_days` ON `submissions` (`player_id`,`kind`,`created_at`) WHERE "submissions"."counted" = 1;--> statement-breakpoint
CREATE INDEX `submissions_held` ON `submissions` (`id`) WHERE "submissions"."status" in ('pending', 'flagged');--> statement-breakpoint
CREATE INDEX `submissions_player_signals` ON `submissions` (`player_id`,`created_at`) WHERE "submissions"."hugs_floor" = 1 or "submissions"."early_elite" = 1;--> statement-breakpoint
CREATE INDEX `submissions_signals` ON `submissions` (`created_at`) WHERE "submissions"."hugs_floor" = 1 or "submissions"."early_elite" = 1;--> statement-breakpoint
ALTER TABLE `benchmarks` ADD `elite_ratio` real;--> statement-breakpoint
ALTER TABLE `players` ADD `suspect_cleared_at` text;