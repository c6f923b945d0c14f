DROP INDEX `player_ratings_leaderboard`;--> statement-breakpoint
CREATE INDEX `player_ratings_board` ON `player_ratings` (`kind`,"rating" desc,`player_id`) WHERE "player_ratings"."established" = 1;