/**
 * A VAPID pair for the tests of a deployment: made once for them (not the development pair, which a
 * deployment refuses), with a second pair's private key to mismatch it with.
 */
export const DEPLOYED_VAPID = {
  VAPID_PUBLIC_KEY: 'BBBHSnFlkHQdvRbJzDqHllnraWft4l8hBjRlfw_jJ_MzuAFu36Vtaxk9SX6w_4yJgxprnjZH-Fp1qO7HXMi0c0s',
  VAPID_PRIVATE_KEY: 'SXuov16xdEp6e0ymWrVIFx_AMkwJO4S0iikrrsm80uY',
  VAPID_SUBJECT: 'mailto:operator@daily-puzzles.dev',
};

/** The private key of another pair: valid on its own, not the private key of DEPLOYED_VAPID's public one. */
export const OTHER_PRIVATE_KEY = 'JZa1SFRvgLEYUmKtbcw2alLQq-lzqMW-phYA_FUfaWw';
