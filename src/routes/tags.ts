/**
 * The areas of the API, in the order the documentation shows them: each operation carries exactly one
 * (`tags: [TAGS.puzzles.name]`), so Swagger UI groups them instead of listing 44 operations in one block.
 */
export const TAGS = {
  puzzles: {
    name: 'Puzzles',
    description: "The day's puzzles, their kinds, answers once public, colour sort's reveals",
  },
  submissions: {
    name: 'Submissions',
    description: 'Submitting a solution with its move log, for a rank and a rating',
  },
  leaderboards: {
    name: 'Leaderboards',
    description: "Puzzle, daily and rating boards, and a puzzle's statistics",
  },
  feedback: {
    name: 'Feedback',
    description: 'Votes on how fun and how hard a solved puzzle was, and reports of broken ones',
  },
  shares: {
    name: 'Shares',
    description: 'Spoiler-free result cards of a solve or a day: a chat line, a public page and its image',
  },
  players: { name: 'Players', description: 'Registering, the profile, other players, history and figures' },
  accounts: {
    name: 'Accounts',
    description: "Players from the site's own accounts: an operator key's server call, or an id token",
  },
  devices: { name: 'Devices', description: "Link codes and the player's tokens, one per device" },
  reminders: {
    name: 'Reminders',
    description: 'Streak reminders by Web Push: the VAPID key, and one subscription per device',
  },
  social: { name: 'Follows and groups', description: 'Following players and playing in groups' },
  data: { name: 'Your data', description: 'Exporting or deleting everything stored about the player' },
  service: { name: 'Service', description: 'Health of the deployment' },
  admin: {
    name: 'Admin',
    description: 'Generation, calibration, moderation and the development clock (ADMIN_TOKEN)',
  },
} as const;
