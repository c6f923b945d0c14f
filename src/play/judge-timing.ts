import { eliteLineMs } from '../fairplay/elite-line.js';
import { evidenceOf } from '../fairplay/evidence.js';
import { coldFloorMs, humanFloorMs } from '../fairplay/human-floor.js';
import { historyCarries } from '../fairplay/pace-history.js';
import { endsRamp } from '../fairplay/ramp.js';
import { revealsMatch } from '../fairplay/reveal-match.js';
import { paceSignals, suspicionOf } from '../fairplay/suspicion.js';
import { verdictOf } from '../fairplay/verdict.js';
import type { SomeKindDescriptor } from '../kinds/descriptor.js';
import { countedTime } from '../rating/counted-time.js';
import type { ReadyState } from './ready-state.js';
import type { Submission } from './submission.js';

/**
 * The counted time, what the log says about how the solve was made, what the pace says about its player,
 * and the verdict from all of it.
 */
export function judgeTiming(
  descriptor: SomeKindDescriptor,
  puzzle: unknown,
  state: ReadyState,
  submission: Submission,
  now: Date,
) {
  const { engine } = descriptor;
  const { benchmarkSeconds, level } = state.puzzle;
  const { lines } = state;
  const vouched = state.player?.approvedAt != null;
  const serverMs = now.getTime() - state.session.startedAt.getTime();
  const { countedMs, capped } = countedTime(serverMs, submission.elapsedMs);
  const floor = {
    steps: engine.stepsTo(puzzle, submission.solution).length,
    secondsPerStep: descriptor.floorSecondsPerStep[level] ?? 0,
    benchmarkSeconds,
  };
  // A crowd taught the learnt floor; a player a moderator vouched for is held to the cold one only.
  const floorMs = humanFloorMs({
    ...floor,
    learnedRatio: vouched ? null : lines.floorRatio,
    setRatio: lines.floorRatioSet,
    recordRatio: lines.recordRatio,
  });
  const eliteMs = eliteLineMs({
    coldFloorMs: coldFloorMs(floor),
    floorMs,
    benchmarkSeconds,
    learnedRatio: lines.eliteRatio,
    setRatio: lines.eliteRatioSet,
  });
  const continuesStroke = engine.continuesStroke?.bind(engine);
  const evidence = evidenceOf({
    log: submission.log,
    serverMs,
    countedMs,
    floorMs,
    eliteMs,
    continuesStroke: continuesStroke ? (a, b) => continuesStroke(puzzle, a, b) : undefined,
  });
  const gamesBefore = (state.rating?.games ?? 0) + state.pendingPlayerGames.length;
  const pace = countedMs / 1000 / benchmarkSeconds;
  // A held solve is still how the account plays: a ramp is read off every ranked solve, the history that
  // carries a pace only off counted ones.
  const levelPaces = state.levelSolves.map((s) => s.pace);
  const countedPaces = state.levelSolves.filter((s) => s.counted).map((s) => s.pace);
  const signals = paceSignals({
    countedMs,
    floorMs,
    eliteMs,
    recordMs: lines.recordRatio === null ? null : lines.recordRatio * benchmarkSeconds * 1000,
    vouched,
    gamesBefore,
    ramp: endsRamp(pace, levelPaces),
  });
  const suspicion = suspicionOf([...state.paceSignals, { kind: state.puzzle.kind, ...signals }]);
  const { revealed } = state.session;
  const exposed = descriptor.reveal?.exposedBy(puzzle, submission.solution);
  const matched = exposed === undefined || revealed === null || revealsMatch(exposed, revealed);
  const standing = {
    historyCarries: historyCarries({
      established: state.rating?.established ?? false,
      vouched,
      pace,
      levelPaces: countedPaces,
    }),
    // A moderator vouched for the player: its pace is a person's, whatever the signals say.
    suspect: suspicion.listed && !vouched,
  };
  return { countedMs, capped, pace, evidence, signals, verdict: verdictOf(evidence, standing, matched) };
}
