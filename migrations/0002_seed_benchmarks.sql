-- Starting benchmarks (src/rating/benchmark-defaults.ts): seconds per puzzle; colorsort seconds per move of the
-- shortest solution, from the seeds' rating.js. Calibration moves them and records each change in benchmark_history.
INSERT INTO benchmarks (kind, level, seconds, unit, updated_at) VALUES
  ('sudoku', 'easy', 276, 'puzzle', '2026-11-29T00:00:00.000Z'),
  ('sudoku', 'medium', 624, 'puzzle', '2026-11-29T00:00:00.000Z'),
  ('sudoku', 'hard', 1120, 'puzzle', '2026-11-29T00:00:00.000Z'),
  ('sudoku', 'expert', 1740, 'puzzle', '2026-11-29T00:00:00.000Z'),
  ('pattern', 'easy', 250, 'puzzle', '2026-11-29T00:00:00.000Z'),
  ('pattern', 'medium', 562.5, 'puzzle', '2026-11-29T00:00:00.000Z'),
  ('pattern', 'hard', 1600, 'puzzle', '2026-11-29T00:00:00.000Z'),
  ('pattern', 'expert', 2500, 'puzzle', '2026-11-29T00:00:00.000Z'),
  ('loop', 'easy', 125, 'puzzle', '2026-11-29T00:00:00.000Z'),
  ('loop', 'medium', 294, 'puzzle', '2026-11-29T00:00:00.000Z'),
  ('loop', 'hard', 900, 'puzzle', '2026-11-29T00:00:00.000Z'),
  ('loop', 'expert', 2250, 'puzzle', '2026-11-29T00:00:00.000Z'),
  ('signal', 'easy', 96, 'puzzle', '2026-11-29T00:00:00.000Z'),
  ('signal', 'medium', 250, 'puzzle', '2026-11-29T00:00:00.000Z'),
  ('signal', 'hard', 540, 'puzzle', '2026-11-29T00:00:00.000Z'),
  ('signal', 'expert', 980, 'puzzle', '2026-11-29T00:00:00.000Z'),
  ('colorsort', 'easy', 6, 'move', '2026-11-29T00:00:00.000Z'),
  ('colorsort', 'medium', 9, 'move', '2026-11-29T00:00:00.000Z'),
  ('colorsort', 'hard', 13, 'move', '2026-11-29T00:00:00.000Z'),
  ('colorsort', 'superhard', 16, 'move', '2026-11-29T00:00:00.000Z');
