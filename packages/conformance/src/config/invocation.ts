/**
 * How the user runs the kit where they are, for the printed `Replay:` lines (a bare
 * `crosschain-conformance …` failed in a clone with "command not found"). Decided by what is
 * detectable, in order: the package manager that started the process (`npm_config_user_agent`:
 * `pnpm exec`, `yarn`, `npx`); a pnpm workspace at or above the working directory (`pnpm exec`);
 * the command on PATH (bare); else `npx`, which finds a local install or fetches the package.
 */
import { existsSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';

export const COMMAND = 'crosschain-conformance';

/** Whether `name` is an executable file on the PATH of `env`. */
function onPath(name: string, env: NodeJS.ProcessEnv): boolean {
  const dirs = (env.PATH ?? env.Path ?? '').split(delimiter).filter(Boolean);
  const names = process.platform === 'win32' ? [`${name}.cmd`, `${name}.exe`, name] : [name];
  return dirs.some((d) => names.some((n) => existsSync(join(d, n))));
}

/** Whether `cwd` or one of its ancestors holds a pnpm-workspace.yaml. */
function inPnpmWorkspace(cwd: string): boolean {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return true;
    if (dirname(dir) === dir) return false;
  }
}

/** The command line prefix that runs the kit for this user: `pnpm exec crosschain-conformance`, `npx crosschain-conformance`… */
export function invocationOf(env: NodeJS.ProcessEnv, cwd: string): string {
  const agent = env.npm_config_user_agent ?? '';
  if (agent.startsWith('pnpm/')) return `pnpm exec ${COMMAND}`;
  if (agent.startsWith('yarn/')) return `yarn ${COMMAND}`;
  if (agent.startsWith('npm/')) return `npx ${COMMAND}`;
  if (inPnpmWorkspace(cwd)) return `pnpm exec ${COMMAND}`;
  if (onPath(COMMAND, env)) return COMMAND;
  return `npx ${COMMAND}`;
}
