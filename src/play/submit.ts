import type { PlayerId } from '../auth/player-token.js';
import { verifyStartToken } from '../auth/start-token.js';
import { reviewNoteOf, type SubmissionResult } from '../contract/submission.js';
import { areAnswersPublic, type IsoDate } from '../daily/calendar.js';
import { streakDateAt } from '../daily/calendar-change.js';
import { type PuzzleKey, puzzleId } from '../daily/puzzle-id.js';
import type { Db } from '../db/client.js';
import {
  AlreadyRankedError,
  type AnsweredSolveFields,
  type CleanSolve,
  findRankedSubmission,
  insertAttempt,
  type LiveRead,
  type NewSubmissionRow,
  recordCleanSolve,
  recordHeldSolve,
  type SubmissionRow,
  type SubmissionState,
  standingAfterSolve,
  streakDates,
  submissionState,
} from '../db/submissions.js';
import type { AnyEngine, LogEntry } from '../engines/types.js';
import { eliteLineMs } from '../fairplay/elite-line.js';
import { evidenceOf } from '../fairplay/evidence.js';
import { coldFloorMs, humanFloorMs } from '../fairplay/human-floor.js';
import { HISTORY_WINDOW_MS, historyCarries } from '../fairplay/pace-history.js';
import { endsRamp } from '../fairplay/ramp.js';
import { revealsMatch } from '../fairplay/reveal-match.js';
import { paceSignals, SUSPECT_WINDOW_MS, suspicionOf } from '../fairplay/suspicion.js';
import { verdictOf } from '../fairplay/verdict.js';
import type { SomeKindDescriptor } from '../kinds/descriptor.js';
import { descriptorOf } from '../kinds/index.js';
import type { LiveBoards } from '../live/boards.js';
import { BoardOverloadedError } from '../live/call-board.js';
import type { BoardAnswer, BoardSolve } from '../live/puzzle-board.js';
import { countedTime } from '../rating/counted-time.js';
import { newRating } from '../rating/glicko2.js';
import { gameInputsOf, type RatedSolve, rateSolve, type SolveContext } from '../rating/rate-solve.js';
import { score } from '../rating/score.js';
import { streaks } from '../rating/streak.js';
import type { Services } from '../services.js';
import { catchUpPlayerRating } from './catch-up-player-rating.js';
import { fasterThan } from './faster-than.js';
import { knownLivePuzzle, rememberLivePuzzle } from './live-puzzles.js';
import { streakView } from './streak-view.js';

export interface Submission {
  solution: unknown;
  log: readonly LogEntry[];
  /** The client's own measure of the solve, which may lower the server's by the network allowance. */
  elapsedMs?: number;
  /** Optional: the start token of the puzzle's fetch; when sent it must be this player's for this puzzle. */
  startToken?: string;
}

/** What became of a submission; the route turns each into its HTTP answer. */
export type SubmissionOutcome =
  | { ok: true; result: SubmissionResult }
  | { ok: false; reason: 'unknown_player' }
  | { ok: false; reason: 'banned' }
  | { ok: false; reason: 'no_session' }
  | { ok: false; reason: 'invalid_start_token'; cause: keyof typeof START_TOKEN_REASONS; message: string }
  /** The log does not replay to the submitted solution: recorded as an attempt. */
  | { ok: false; reason: 'log_mismatch'; message: string; index?: number }
  /** The puzzle's board is overloaded (Durable Objects' `overloaded`): nothing was stored, try again later. */
  | { ok: false; reason: 'board_overloaded' };

export const START_TOKEN_REASONS = {
  malformed: 'the start token is malformed',
  forged: 'the start token was not issued by this server',
  other_player: 'the start token belongs to another player',
  other_puzzle: 'the start token belongs to another puzzle',
  expired: 'the start token has expired',
  from_future: 'the start token is dated in the future',
} as const;

/**
 * Judges one submission. The session kept since the player's first fetch gives the time; the log must
 * replay to the submitted solution; the engine decides validity; the evidence of the log decides whether
 * the solve is ranked at once (clean) or waits for a moderator (flagged). The first valid solve per player
 * and puzzle is the ranked one. With live boards (`services.boards`) one D1 read of everything it needs,
 * then the puzzle's board stores it, plays its game and ranks it (D1 gets it from the board's flush);
 * on the direct path it is stored atomically with both ratings: two database round trips, one read and one
 * write that also reads its standing.
 */
export async function submitSolution(
  services: Services,
  token: { playerId: PlayerId; tokenId: string },
  key: PuzzleKey,
  submission: Submission,
): Promise<SubmissionOutcome> {
  const now = services.now();
  if (areAnswersPublic(key.date, now)) return practice(services, token, key, submission);
  try {
    return await submitRanked(services, token, key, submission, now);
  } catch (error) {
    if (error instanceof BoardOverloadedError) return { ok: false, reason: 'board_overloaded' };
    throw error;
  }
}

/** A submission while the puzzle is ranked: judged, and stored as the player's ranked solve if it is the first. */
async function submitRanked(
  services: Services,
  token: { playerId: PlayerId; tokenId: string },
  key: PuzzleKey,
  submission: Submission,
  now: Date,
): Promise<SubmissionOutcome> {
  const { playerId } = token;
  const id = puzzleId(key);
  if (submission.startToken !== undefined) {
    const verdict = await verifyStartToken(services.config.tokenSecret, submission.startToken, {
      playerId,
      puzzleId: id,
      now: now.getTime(),
    });
    if (!verdict.ok) {
      return {
        ok: false,
        reason: 'invalid_start_token',
        cause: verdict.reason,
        message: START_TOKEN_REASONS[verdict.reason],
      };
    }
  }
  const state = await judgingState(services, id, token, key, now);
  if (!state.player) return { ok: false, reason: 'unknown_player' };
  if (state.player.bannedAt !== null) return { ok: false, reason: 'banned' };
  if (state.ranked) {
    // A ranked solve's puzzle exists, so its row was read with the rest; one shard is the board's default.
    const live = { id, boardShards: state.puzzle?.boardShards ?? 1 };
    const onBoard = await services.boards?.standing(live, playerId);
    return {
      ok: true,
      result: onBoard
        ? boardResult(onBoard, state, now)
        : await repeatedResult(services, state.ranked, state),
    };
  }
  if (!state.session || !state.puzzle) return { ok: false, reason: 'no_session' };
  const ready: ReadyState = { ...state, session: state.session, puzzle: state.puzzle };
  // A solve its session was given hints for is the grader's as much as the player's: practice, counted nowhere.
  if (state.session.hints > 0) return judgePractice(services, ready, submission, now);
  return judgeSolve(services, { ...state, session: state.session, puzzle: state.puzzle }, submission, now);
}

/** A submission of a date whose ranking has closed (its answers are public): practice. */
async function practice(
  services: Services,
  token: { playerId: PlayerId; tokenId: string },
  key: PuzzleKey,
  submission: Submission,
): Promise<SubmissionOutcome> {
  const now = services.now();
  const state = await submissionState(services.db, puzzleId(key), token, key.kind, key.level, windowsAt(now));
  if (!state.player) return { ok: false, reason: 'unknown_player' };
  if (state.player.bannedAt !== null) return { ok: false, reason: 'banned' };
  if (!state.session || !state.puzzle) return { ok: false, reason: 'no_session' };
  return judgePractice(services, { ...state, session: state.session, puzzle: state.puzzle }, submission, now);
}

/**
 * A solve of a date whose ranking has closed, or one its session had hints for: judged like any other,
 * recorded in the player's history as practice, counted nowhere (no board, rating, streak, calibration or
 * puzzle stats).
 */
async function judgePractice(
  services: Services,
  ready: ReadyState,
  submission: Submission,
  now: Date,
): Promise<SubmissionOutcome> {
  const state = ready;
  const { engine } = descriptorOf(ready.puzzle.kind);
  const parsed = engine.parsePuzzle(ready.puzzle.puzzle);
  const base = { ...baseRow(ready, submission, now), practice: true };
  const mismatch = logMismatch(engine, parsed, submission);
  if (mismatch) {
    await insertAttempt(services.db, { ...base, valid: false, reason: mismatch.message });
    return { ok: false, reason: 'log_mismatch', ...mismatch };
  }
  const checked = engine.check(parsed, submission.solution);
  const streak = streakView(streaks(await streakDates(services.db, base.playerId), localDate(state, now)));
  const hints = ready.session.hints > 0 ? { hints: ready.session.hints } : {};
  if (!checked.ok) {
    await insertAttempt(services.db, { ...base, valid: false, reason: checked.reason });
    return {
      ok: true,
      result: { valid: false, reason: checked.reason, repeated: false, practice: true, ...hints, streak },
    };
  }
  const { countedMs, capped } = countedTime(
    now.getTime() - ready.session.startedAt.getTime(),
    submission.elapsedMs,
  );
  const result = score(countedMs / 1000, ready.puzzle.benchmarkSeconds);
  await insertAttempt(services.db, {
    ...base,
    valid: true,
    countedMs,
    capped,
    benchmarkSeconds: ready.puzzle.benchmarkSeconds,
    score: result,
  });
  return {
    ok: true,
    result: {
      valid: true,
      repeated: false,
      practice: true,
      ...hints,
      countedMs,
      capped,
      score: result,
      streak,
    },
  };
}

type ReadyState = SubmissionState & {
  session: NonNullable<SubmissionState['session']>;
  puzzle: NonNullable<SubmissionState['puzzle']>;
};

async function judgeSolve(
  services: Services,
  state: ReadyState,
  submission: Submission,
  now: Date,
): Promise<SubmissionOutcome> {
  const { puzzle } = state;
  const descriptor = descriptorOf(puzzle.kind);
  const parsed = descriptor.engine.parsePuzzle(puzzle.puzzle);
  const base = baseRow(state, submission, now);
  const mismatch = logMismatch(descriptor.engine, parsed, submission);
  if (mismatch) {
    await insertAttempt(services.db, { ...base, valid: false, reason: mismatch.message });
    return { ok: false, reason: 'log_mismatch', ...mismatch };
  }
  const checked = descriptor.engine.check(parsed, submission.solution);
  if (!checked.ok) {
    await insertAttempt(services.db, { ...base, valid: false, reason: checked.reason });
    const streak = streakView(streaks(await streakDates(services.db, base.playerId), localDate(state, now)));
    return { ok: true, result: { valid: false, reason: checked.reason, repeated: false, streak } };
  }
  const timing = judgeTiming(descriptor, parsed, state, submission, now);
  const result = score(timing.countedMs / 1000, puzzle.benchmarkSeconds);
  const { verdict } = timing;
  const judged: NewSubmissionRow = {
    ...base,
    valid: true,
    countedMs: timing.countedMs,
    capped: timing.capped,
    benchmarkSeconds: puzzle.benchmarkSeconds,
    score: result,
    evidence: timing.evidence,
    ...timing.signals,
    // Set for a held solve too: it counts for the streak once a moderator approves it.
    streakDate: puzzle.date === localDate(state, now) ? puzzle.date : null,
  };
  const held =
    verdict.verdict === 'clean'
      ? {}
      : { status: verdict.verdict, flags: verdict.reasons, log: [...submission.log] };
  if (services.boards) {
    const player = playerSide(solveContext(state, { score: result, pace: timing.pace }, now));
    const solve: BoardSolve = { row: { ...judged, ...held }, verdict: verdict.verdict, player };
    return { ok: true, result: await onBoard(services.boards, solve, state, now) };
  }
  const rated = rateSolve(solveContext(state, { score: result, pace: timing.pace }, now));
  const row: NewSubmissionRow = { ...judged, ...gameInputsOf(rated), established: rated.establishedBefore };
  try {
    const stored =
      verdict.verdict === 'clean'
        ? await storeClean(services, state, row, rated, now)
        : await storeHeld(services, state, { ...row, ...held });
    return { ok: true, result: stored };
  } catch (error) {
    if (!(error instanceof AlreadyRankedError)) throw error;
    const winner = await findRankedSubmission(services.db, puzzle.id, base.playerId);
    if (!winner) throw error;
    return { ok: true, result: await repeatedResult(services, winner, state) };
  }
}

/**
 * What judging a ranked submission needs, in one read. On the live boards the Worker writes nothing to D1
 * for a ranked solve (the board does, later), so the read may come from any replica and the primary takes
 * only the boards' batches; a replica still behind the player's registration or its session's start is
 * asked again on the primary before the submission is refused. It leaves out what the board plays (the
 * puzzle's pending games) and a puzzle this isolate judged before (`live-puzzles.ts`). On the direct path
 * the read is the primary's, as the write after it checks its conditions there.
 */
async function judgingState(
  services: Services,
  id: string,
  token: { playerId: PlayerId; tokenId: string },
  key: PuzzleKey,
  now: Date,
): Promise<SubmissionState> {
  const read = (db: Db, live?: LiveRead) =>
    submissionState(db, id, token, key.kind, key.level, windowsAt(now), live);
  if (!services.boards) return read(services.db);
  const live = { known: knownLivePuzzle(id) };
  const replicaState = await read(services.replica, live);
  const state =
    replicaState.player && (replicaState.ranked || (replicaState.session && replicaState.puzzle))
      ? replicaState
      : await read(services.db, live);
  if (state.puzzle) rememberLivePuzzle(state.puzzle);
  return state;
}

/** The starts of the windows of the pace signals (suspects) and of the pace history. */
function windowsAt(now: Date): { signals: string; history: string } {
  return {
    signals: new Date(now.getTime() - SUSPECT_WINDOW_MS).toISOString(),
    history: new Date(now.getTime() - HISTORY_WINDOW_MS).toISOString(),
  };
}

/** Why the log does not lead to the submitted solution, or null when it does. */
function logMismatch(
  engine: AnyEngine,
  puzzle: unknown,
  submission: Submission,
): { message: string; index?: number } | null {
  const replayed = engine.replayLog(puzzle, submission.log);
  if (!replayed.ok) return { message: `log: ${replayed.reason}`, index: replayed.index };
  if (JSON.stringify(replayed.board) !== JSON.stringify(submission.solution)) {
    return { message: 'log: its last board is not the submitted solution' };
  }
  return null;
}

/**
 * The counted time, what the log says about how the solve was made, what the pace says about its player,
 * and the verdict from all of it.
 */
function judgeTiming(
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

/**
 * The live path: the puzzle's board stores the solve (or finds the player's earlier one), plays its game
 * against the puzzle's rating as the board holds it, and ranks it. Nothing here waits for D1.
 */
async function onBoard(
  boards: LiveBoards,
  solve: BoardSolve,
  state: ReadyState,
  now: Date,
): Promise<SubmissionResult> {
  return boardResult(await boards.submit(state.puzzle, solve), state, now);
}

/** What the board knows of the player's solve, with the streak from the dates read before it. */
function boardResult(answer: BoardAnswer, state: SubmissionState, now: Date): SubmissionResult {
  const { solve } = answer;
  const own = solve.counted ? solve.streakDate : null;
  const dates = own && !state.streakDates.includes(own) ? [own, ...state.streakDates] : state.streakDates;
  const extended = !answer.repeated && own !== null && !state.streakDateTaken;
  return resultOf(
    solve,
    {
      rank: answer.rank,
      total: answer.solvers,
      established: answer.established ?? state.rating?.established ?? false,
    },
    answer.repeated,
    streakView(streaks(dates, localDate(state, now)), extended),
  );
}

/** The player's side of the game, for the board to play against the puzzle's rating it holds. */
function playerSide({
  puzzle: _puzzle,
  puzzleEstablishedGames: _games,
  pendingPuzzleGames: _pending,
  ...player
}: SolveContext): BoardSolve['player'] {
  return player;
}

/** Both ratings as the state read left them, for this solve's score and pace. */
function solveContext(state: ReadyState, game: { score: number; pace: number }, now: Date): SolveContext {
  const { puzzle } = state;
  return {
    ...game,
    player: state.rating ?? newRating(),
    playerGames: state.rating?.games ?? 0,
    pendingPlayerGames: state.pendingPlayerGames,
    playDays: state.playDays,
    at: now.toISOString(),
    puzzle: { rating: puzzle.rating, deviation: puzzle.ratingDeviation, volatility: puzzle.ratingVolatility },
    puzzleEstablishedGames: puzzle.establishedGames,
    pendingPuzzleGames: state.pendingPuzzleGames,
  };
}

/** A pending or flagged solve is stored ranked, so it cannot be retried into a clean one, and counted nowhere. */
async function storeHeld(services: Services, state: ReadyState, row: NewSubmissionRow) {
  const stored = await recordHeldSolve(services.db, row);
  return repeatedResult(services, stored, state, false);
}

function baseRow(state: ReadyState, submission: Submission, now: Date) {
  const { puzzle } = state;
  return {
    puzzleId: puzzle.id,
    puzzleDate: puzzle.date,
    kind: puzzle.kind,
    level: puzzle.level,
    playerId: state.session.playerId,
    createdAt: now.toISOString(),
    hints: state.session.hints,
    elapsedMs: Math.round(submission.elapsedMs ?? now.getTime() - state.session.startedAt.getTime()),
  };
}

async function storeClean(
  services: Services,
  state: ReadyState,
  clean: NewSubmissionRow,
  rated: RatedSolve,
  now: Date,
): Promise<SubmissionResult> {
  const { puzzle } = state;
  const row: NewSubmissionRow = { ...clean, status: 'clean' };
  const lastPuzzleGame = state.pendingPuzzleGames.at(-1)?.id ?? puzzle.ratedThrough;
  const lastPlayerGame = state.pendingPlayerGames.at(-1)?.id ?? state.rating?.ratedThrough ?? 0;
  const puzzleUpdate = { id: puzzle.id, establishedGames: 0, version: puzzle.ratingVersion };
  const playerGamesAfter = state.pendingPlayerGames.map((game, i) => {
    const after = rated.pendingPlayerAfter[i] ?? rated.playerBefore;
    return { id: game.id, rating: after.rating, deviation: after.deviation };
  });
  const solve: CleanSolve = {
    submission: row,
    player: {
      playerId: row.playerId,
      kind: puzzle.kind,
      ...rated.playerAfter,
      games: (state.rating?.games ?? 0) + state.pendingPlayerGames.length + 1,
      established: rated.establishedAfter,
      version: state.rating?.version ?? 0,
      updatedAt: now.toISOString(),
      exists: state.rating !== undefined,
      lastBefore: lastPlayerGame,
    },
    playerGamesAfter,
    puzzle: {
      withOwnGame: {
        ...puzzleUpdate,
        ...rated.puzzleAfter,
        establishedGames: rated.puzzleEstablishedAfter,
        lastBefore: lastPuzzleGame,
        playerId: row.playerId,
      },
      ...(state.pendingPuzzleGames.length > 0 && {
        pendingOnly: {
          ...puzzleUpdate,
          ...rated.puzzleBefore,
          establishedGames: rated.puzzleEstablishedBefore,
          through: lastPuzzleGame,
        },
      }),
    },
  };
  const stored = await recordCleanSolve(services.db, solve);
  let storedRow = stored.row;
  if (!stored.playerRated) {
    await catchUpPlayerRating(services.db, row.playerId, puzzle.kind, now);
    storedRow = (await findRankedSubmission(services.db, puzzle.id, row.playerId)) ?? storedRow;
  }
  return resultOf(
    storedRow,
    { ...stored, established: rated.establishedAfter },
    false,
    streakView(
      streaks(stored.dates, localDate(state, now)),
      row.streakDate != null && !state.streakDateTaken,
    ),
  );
}

/**
 * The calendar date of the player where the streak is counted: its own time zone, else the session's, a
 * change of zone taking effect from the next local date (src/daily/calendar-change.ts).
 */
function localDate(state: Pick<SubmissionState, 'player' | 'session' | 'streakDates'>, now: Date): IsoDate {
  const calendar = state.player ?? { timeZone: null, timeZonePrevious: null, timeZoneChangedAt: null };
  const dates = state.streakDates;
  return streakDateAt(calendar, state.session?.timeZone ?? 'UTC', now, (date) => dates.includes(date));
}

/** A ranked solve's stored result, with where it stands now. */
async function repeatedResult(
  services: Services,
  row: SubmissionRow,
  state: SubmissionState,
  repeated = true,
): Promise<SubmissionResult> {
  const standing = await standingAfterSolve(services.db, {
    puzzleId: row.puzzleId,
    countedMs: row.countedMs ?? 0,
    id: row.id,
    playerId: row.playerId,
    kind: row.kind,
  });
  return resultOf(
    row,
    standing,
    repeated,
    streakView(streaks(standing.dates, localDate(state, services.now()))),
  );
}

function resultOf(
  row: AnsweredSolveFields,
  standing: { rank: number; total: number; established: boolean },
  repeated: boolean,
  streak: SubmissionResult['streak'],
): SubmissionResult {
  const base = {
    valid: true,
    repeated,
    verdict: row.status ?? 'clean',
    countedMs: row.countedMs ?? 0,
    capped: row.capped,
    score: row.score ?? 0,
    streak,
  } as const;
  const { rank, total } = standing;
  // A held solve says so in plain words only (src/contract/submission.ts REVIEW_NOTES).
  const review = reviewNoteOf(row.status);
  // A pending solve's player sees where it would stand; nothing public shows it until it is approved.
  if (review !== null && !row.counted) {
    return row.status === 'pending'
      ? { ...base, review, wouldBeRank: rank, solvers: total }
      : { ...base, review };
  }
  if (!row.counted) return base;
  return {
    ...base,
    rating: {
      before: Math.round(row.ratingBefore ?? 0),
      after: Math.round(row.ratingAfter ?? 0),
      deviation: Math.round(row.deviationAfter ?? 0),
      provisional: !standing.established,
    },
    rank,
    solvers: total,
    fasterThanPercent: fasterThan(rank, total),
  };
}
