/**
 * Whether a ranked solve's moves match what its session was shown, for a kind that hides information until
 * moves expose it (colour sort's reveal route). Pure.
 *
 * The rule: the hidden units the submitted moves expose are exactly the hidden units the session's reveals
 * showed. Before the date's answers are public a hidden colour can be seen only through the reveal route
 * and only by the player's session, and a client asks after every pour (the route's contract: it cannot
 * show the colour otherwise), so a person's final line was revealed pour by pour, whatever else they tried
 * and undid. Exploring and undoing adds nothing the solve does not expose either: a valid solve exposes
 * every hidden unit, so for one the rule comes down to "every hidden unit was shown to this session". A
 * solve fails it when its colours were learnt elsewhere (another account's session, a shared answer): the
 * moves expose units this session never asked for.
 */
export function revealsMatch(exposed: readonly number[], revealed: readonly number[]): boolean {
  const shown = new Set(revealed);
  return shown.size === new Set(exposed).size && exposed.every((unit) => shown.has(unit));
}
