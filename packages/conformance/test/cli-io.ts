/** A CliIo that collects what the CLI prints (tests of main() and the subcommands). */
export function cliIo(env: Record<string, string> = {}, cwd: string = process.cwd()) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    text: () => out.join('') + err.join(''),
    io: { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t), env, cwd, color: false },
  };
}
