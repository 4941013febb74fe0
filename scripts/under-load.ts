/**
 * Runs end-to-end specs (or any command after `--`) with CPU-bound processes beside them, so a developer on a
 * fast machine sees what a slower one does to a test that leans on timing:
 *
 *   npm run test:e2e:loaded -- test/e2e/panel-a11y.spec.ts      (Playwright, the given specs; none: all)
 *   npm run test:e2e:loaded -- -- npm run bench                  (any command)
 *
 * LOAD_PROCESSES (2) busy loops run until the command ends, and never longer than LOAD_MAX_MINUTES (60) each: a
 * loop left behind by a killed run stops by itself. Exits with the command's code.
 */
import { type ChildProcess, spawn } from 'node:child_process';

const processes = Number(process.env.LOAD_PROCESSES ?? 2);
const maxMs = Number(process.env.LOAD_MAX_MINUTES ?? 60) * 60_000;
const args = process.argv.slice(2);
const command = args[0] === '--' ? args.slice(1) : ['npx', 'playwright', 'test', ...args];

const BUSY = `const end = Date.now() + ${maxMs}; let x = 0; while (Date.now() < end) x = (x * 31 + 7) % 1000003;`;
const loops: ChildProcess[] = Array.from({ length: processes }, () =>
  spawn(process.execPath, ['-e', BUSY], { stdio: 'ignore' }),
);
const stopLoops = () => {
  for (const loop of loops) loop.kill('SIGKILL');
};
process.on('exit', stopLoops);

const [program = 'npx', ...rest] = command;
console.log(
  `under-load: ${processes} CPU-bound processes (at most ${maxMs / 60_000} min) beside: ${command.join(' ')}`,
);
const run = spawn(program, rest, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    run.kill(signal);
    stopLoops();
  });
}
run.on('exit', (code, signal) => {
  stopLoops();
  process.exit(code ?? (signal ? 1 : 0));
});
