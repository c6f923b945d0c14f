/**
 * Public puzzle collections some engine benches also run on (sudoku lists, nonograms, slitherlinks,
 * skyscrapers, water-sort levels). They are not part of this repository, since their licences differ or
 * are unknown; a bench reads them from the folder BENCH_DATASETS names, else from `shared/datasets` beside
 * the checkout, and skips those tables when the files are absent.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DATASETS_DIR =
  process.env.BENCH_DATASETS ?? fileURLToPath(new URL('../../../shared/datasets/', import.meta.url));

/** The path of a file or folder inside the datasets folder, e.g. `sudoku/`. */
export function datasetPath(relative: string): string {
  return path.join(DATASETS_DIR, relative);
}
