ALTER TABLE `puzzles` ADD `games` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The counted solves each puzzle's rating already took in: those up to its rated_through.
UPDATE `puzzles` SET `games` = (SELECT count(*) FROM `submissions` WHERE `submissions`.`puzzle_id` = `puzzles`.`id` AND `submissions`.`counted` = 1 AND `submissions`.`id` <= `puzzles`.`rated_through`);
