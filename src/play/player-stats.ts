import type { Level } from '../contract/kinds/index.js';
import { addDays, dateInTimeZone, type IsoDate } from '../daily/calendar.js';
import { type CountedSolve, countedSolvesSince } from '../db/history.js';
import type { PlayerRow } from '../db/players.js';
import { engineFor, KINDS, type Kind } from '../kinds/index.js';
import { median } from '../rating/median.js';
import type { Services } from '../services.js';

export interface LevelStats {
  level: Level;
  solves: number;
  bestMs: number;
  medianMs: number;
  meanScore: number;
}

export interface TechniqueStats {
  technique: string;
  solves: number;
  meanScore: number;
}

export interface KindStats {
  kind: Kind;
  levels: LevelStats[];
  /** The player's rating after each counted game of the window, in order. */
  ratingHistory: { date: string; submittedAt: string; rating: number }[];
  /** How the player does on puzzles that needed each technique (from the puzzles' grades). */
  techniques: TechniqueStats[];
}

export interface PlayerStats {
  days: number;
  since: string;
  kinds: KindStats[];
  /** Dates with at least one counted solve, oldest first. */
  calendar: string[];
}

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

function levelStats(level: Level, solves: readonly CountedSolve[]): LevelStats {
  const times = solves.map((s) => s.countedMs);
  return {
    level,
    solves: solves.length,
    bestMs: Math.min(...times),
    medianMs: Math.round(median(times)),
    meanScore: mean(solves.map((s) => s.score)),
  };
}

function techniqueStats(solves: readonly CountedSolve[]): TechniqueStats[] {
  const byTechnique = new Map<string, number[]>();
  for (const s of solves) {
    for (const technique of new Set(s.difficulty.techniques)) {
      byTechnique.set(technique, [...(byTechnique.get(technique) ?? []), s.score]);
    }
  }
  return [...byTechnique].map(([technique, scores]) => ({
    technique,
    solves: scores.length,
    meanScore: mean(scores),
  }));
}

function kindStats(kind: Kind, solves: readonly CountedSolve[]): KindStats {
  const levels = engineFor(kind).levels.flatMap((level) => {
    const ofLevel = solves.filter((s) => s.level === level);
    return ofLevel.length > 0 ? [levelStats(level, ofLevel)] : [];
  });
  return {
    kind,
    levels,
    ratingHistory: solves.map((s) => ({
      date: s.date,
      submittedAt: s.submittedAt,
      rating: Math.round(s.ratingAfter ?? 0),
    })),
    techniques: techniqueStats(solves),
  };
}

/** The player's counted solves of the last `days` days (its own calendar), summed up per kind and level. */
export async function playerStats(
  services: Services,
  player: PlayerRow,
  days: number,
  kind?: Kind,
): Promise<PlayerStats> {
  const today = dateInTimeZone(services.now(), player.timeZone ?? 'UTC');
  const since: IsoDate = addDays(today, 1 - days);
  const solves = await countedSolvesSince(services.db, player.id, since, kind);
  const kinds = (kind === undefined ? KINDS : [kind]).flatMap((k) => {
    const ofKind = solves.filter((s) => s.kind === k);
    return ofKind.length > 0 ? [kindStats(k, ofKind)] : [];
  });
  return { days, since, kinds, calendar: [...new Set(solves.map((s) => s.date))].sort() };
}
