// Runs shell commands at the same time and fails when any of them fails. The first streams its output as it
// runs; the others' output is held and printed, whole and in order, once all have ended, so a log never
// interleaves two suites. `npm test` uses it to run the workerd suite (CPU-bound, one file at a time, about
// one core) beside the e2e run (mostly waiting out the minimum solve times the server enforces).
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('usage: node scripts/side-by-side.mjs "<command>" ["<command>" ...]');
  process.exit(2);
}

/** Runs one command through the shell; resolves with its exit code and, unless streamed, its output. */
function run(command, stream) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) => resolve({ command, code: code ?? (signal ? 1 : 0), output: chunks }));
  });
}

const started = Date.now();
const results = await Promise.all(
  commands.map((command, i) =>
    run(command, i === 0).then((result) => ({ ...result, seconds: (Date.now() - started) / 1000 })),
  ),
);
for (const [i, result] of results.entries()) {
  if (i > 0) {
    process.stdout.write(`\n[side-by-side] output of: ${result.command}\n`);
    for (const chunk of result.output) process.stdout.write(chunk);
  }
}
for (const result of results) {
  console.log(`[side-by-side] ${result.command}: exit ${result.code} after ${result.seconds.toFixed(0)} s`);
}
const failed = results.filter((result) => result.code !== 0);
for (const result of failed) console.error(`[side-by-side] failed: ${result.command} (exit ${result.code})`);
process.exit(failed.length === 0 ? 0 : 1);
