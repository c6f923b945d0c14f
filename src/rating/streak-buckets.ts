/**
 * Streak lengths in the analytics' buckets: 1 day (a start), 2–6, 7–29 (a week or more) and 30 or more (a
 * month or more). The bounds follow the freezes' week (FREEZE_EVERY) and a month of daily play.
 */
export interface StreakBuckets {
  streak1: number;
  streak2to6: number;
  streak7to29: number;
  streak30up: number;
}

/** How many of the lengths fall in each bucket; a length under 1 counts in none. */
export function streakBuckets(lengths: readonly number[]): StreakBuckets {
  const buckets: StreakBuckets = { streak1: 0, streak2to6: 0, streak7to29: 0, streak30up: 0 };
  for (const length of lengths) {
    if (length >= 30) buckets.streak30up++;
    else if (length >= 7) buckets.streak7to29++;
    else if (length >= 2) buckets.streak2to6++;
    else if (length === 1) buckets.streak1++;
  }
  return buckets;
}
