import { describe, expect, it } from 'vitest';
import { cpuMsOfStat, parseProcStat } from '../../bench/support/proc-stat.js';

// A workerd line as Linux writes it: utime 250 and stime 37 ticks (fields 14 and 15).
const LINE =
  '4242 (workerd) S 4100 4242 4100 0 -1 4194560 9000 0 0 0 250 37 0 0 20 0 9 0 123456 1000000 5000 18446744073709551615';

describe('reading /proc/<pid>/stat', () => {
  it('reads the command name between the parentheses', () => {
    expect(parseProcStat(LINE)?.name).toBe('workerd');
  });

  it('keeps a name that holds spaces and parentheses whole', () => {
    const parsed = parseProcStat(LINE.replace('(workerd)', '(a (b) c)'));
    expect(parsed?.name).toBe('a (b) c');
    expect(parsed?.fields[1]).toBe('4100');
  });

  it('counts user and system ticks as 10 ms each', () => {
    expect(cpuMsOfStat(LINE)).toBe(2870);
  });

  it('gives NaN for text that is no stat line', () => {
    expect(cpuMsOfStat('gone')).toBeNaN();
  });
});
