/** Reading /proc/<pid>/stat, pure (test/bench/proc-stat.test.ts): the text in, the figures out. */

/** The command's name and the fields after it (state first); null when the text is not a stat line. */
export function parseProcStat(text: string): { name: string; fields: string[] } | null {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  return {
    name: text.slice(open + 1, close),
    fields: text
      .slice(close + 2)
      .trim()
      .split(' '),
  };
}

/** User and system CPU in ms from a stat line (clock ticks of 10 ms, Linux's USER_HZ of 100); NaN when unreadable. */
export function cpuMsOfStat(text: string): number {
  const fields = parseProcStat(text)?.fields;
  // utime and stime are stat's fields 14 and 15: the 12th and 13th after the name.
  const ticks = fields ? Number(fields[11]) + Number(fields[12]) : Number.NaN;
  return ticks * 10;
}
