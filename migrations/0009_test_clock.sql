CREATE TABLE `test_clock` (
	`id` integer PRIMARY KEY NOT NULL,
	`offset_ms` integer NOT NULL
);
