ALTER TABLE `play_sessions` ADD `hints` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `submissions` ADD `hints` integer DEFAULT 0 NOT NULL;