/**
 * Whether a ranked solve's moves match what its session was shown, for a kind that hides information until
 * moves expose it (colour sort's reveal route). Pure.
 *
 * The rule: the hidden units the submitted moves expose are exactly the hidden units the session's reveals
 * showed. Until the date's answers are public a hidden colour is shown only by the reveal route, only to
 * the player's session and only where the request's own moves expose it, and a client must ask after a
 * pour to draw what it exposed (the demo page asks after every pour). So a person's submitted line was
 * revealed along the way, whatever else they tried and undid; and what they explored is no more than the
 * solve exposes, since a valid solve exposes every hidden unit. For a valid solve the rule therefore comes
 * down to "every hidden unit was shown to this session". It fails when the colours were learnt elsewhere
 * (another account's session, a shared answer). An account that learnt them elsewhere can still ask for
 * its whole line once before submitting, but only on its own session's clock, which then times the solve
 * as it times any other kind's.
 */
export function revealsMatch(exposed: readonly number[], revealed: readonly number[]): boolean {
  const shown = new Set(revealed);
  return shown.size === new Set(exposed).size && exposed.every((unit) => shown.has(unit));
}
