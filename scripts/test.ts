// npm test: every check, in the order that fails soonest, on two cores. The type check is one thread, so the
// lint and the web app's build run beside it; each of the three prints its output whole when it ends, so
// the log reads as if they ran one after another. Then the tests, one suite at a time (they use every
// core), each step with its time.
import { spawn } from 'node:child_process';

type Step = { name: string; command: string[] };

const npmRun = (script: string): Step => ({ name: script, command: ['npm', 'run', '--silent', script] });
const beside: Step[] = [
  npmRun('typecheck'),
  npmRun('lint'),
  { name: 'build', command: ['node', 'scripts/build-if-needed.ts', '--force'] },
];
const after: Step[] = [
  npmRun('test:unit'),
  npmRun('test:postgres'),
  { name: 'test:e2e', command: ['npx', 'playwright', 'test'] },
];

/** Runs a step; with `buffered`, its output is held and printed whole once it ends. */
function run(step: Step, buffered: boolean): Promise<boolean> {
  const started = Date.now();
  const [command = '', ...args] = step.command;
  const child = spawn(command, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(output));
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`${code === 0 ? 'passed' : 'FAILED'}: ${step.name} (${seconds} s)`);
      resolve(code === 0);
    });
  });
}

const checks = await Promise.all(beside.map((step) => run(step, true)));
if (checks.includes(false)) process.exit(1);
for (const step of after) if (!(await run(step, false))) process.exit(1);
