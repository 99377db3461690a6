/**
 * `crosschain-conformance proxy --upstream <url> [--port <n>] [--report-dir <dir>] [--duration <s>]
 * [--errors] [--strict]`: the validating proxy (passive/proxy.ts). Prints `listening on
 * http://127.0.0.1:<port>` first, one line per violation on stderr, and on SIGINT/SIGTERM (however
 * often they come while it finishes) or after `--duration` the kit's reports over everything seen. Every flag has a `CONFORMANCE_*` variable.
 */
import type { CliIo } from '../cli-io.js';
import { ConfigError } from '../config/fields.js';
import type { ParsedCommandLine } from '../config/program.js';
import { commandLine, parseOrReport } from './parse-args.js';
import { EXIT } from '../contract/types.js';
import { PassiveAuditor } from '../oracles/auditor.js';
import { startProxy } from '../passive/proxy.js';
import { finishPassive } from './passive-report.js';
import { listenForStop, stoppedBy } from '../signals.js';

interface ProxyArgs {
  upstream: string;
  port: number;
  reportDir?: string;
  durationS?: number;
  errors: boolean;
  strict: boolean;
  acceptDivergences: boolean;
}

/** Checks the values of the command line (flags, else their CONFORMANCE_* variables; config/fields.ts, COMMAND_LINES.proxy). */
function parse(values: ParsedCommandLine['values']): ProxyArgs {
  const upstream = values.upstream as string | undefined;
  if (!upstream) throw new ConfigError('--upstream is required: the base URL to forward to, e.g. --upstream https://api.example.com');
  let url: URL;
  try {
    url = new URL(upstream);
  } catch {
    throw new ConfigError(`--upstream ${JSON.stringify(upstream)} is not an absolute URL; use e.g. --upstream https://api.example.com`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`--upstream ${JSON.stringify(upstream)} must use http or https`);
  if (url.search || url.hash || url.username || url.password) throw new ConfigError(`--upstream ${JSON.stringify(url.origin + url.pathname)}… must not carry a query, a fragment or credentials; pass only the base URL`);
  const portText = (values.port as string | undefined) ?? '0';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) throw new ConfigError(`--port ${JSON.stringify(portText)} is not a port; use an integer 0-65535 (0 = a free port)`);
  const durationText = values.duration as string | undefined;
  const durationS = durationText === undefined ? undefined : Number(durationText);
  if (durationS !== undefined && !(Number.isFinite(durationS) && durationS > 0)) throw new ConfigError(`--duration ${JSON.stringify(durationText)} is not a positive number of seconds; use e.g. --duration 60`);
  const reportDir = values.reportDir as string | undefined;
  return {
    upstream: upstream.replace(/\/+$/, ''),
    port,
    ...(reportDir ? { reportDir } : {}),
    ...(durationS !== undefined ? { durationS } : {}),
    errors: values.errors === true,
    strict: values.strict === true,
    acceptDivergences: values.acceptDivergences === true,
  };
}

export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const line = commandLine('proxy', argv, io);
  if (typeof line === 'number') return line;
  const args = parseOrReport(() => parse(line.values), io);
  if (args === undefined) return EXIT.config;
  const startedAt = new Date();
  const auditor = new PassiveAuditor({ acceptDivergences: args.acceptDivergences });
  let proxy;
  try {
    proxy = await startProxy({ upstream: args.upstream, port: args.port, errors: args.errors, auditor, log: (line) => io.stderr(`${line}\n`) });
  } catch (err) {
    io.stderr(`error: cannot listen on 127.0.0.1:${args.port}: ${(err as Error).message}; choose another --port (0 = a free one)\n`);
    return EXIT.config;
  }
  // Listening from before the first line to the last report written: a repeated signal (the copy
  // `pnpm exec` or `npx` forwards) must not end the process half-way (signals.ts).
  const stop = listenForStop();
  io.stdout(`listening on ${proxy.url}\n`);
  try {
    await stoppedBy(stop, args.durationS);
    await proxy.close();
    return await finish(args, auditor, startedAt, io);
  } finally {
    stop.dispose();
  }
}

/** The reports over everything the proxy saw. */
function finish(args: ProxyArgs, auditor: PassiveAuditor, startedAt: Date, io: CliIo): Promise<number> {
  const result = auditor.result({
    startedAt,
    target: args.upstream,
    config: { command: 'proxy', upstream: args.upstream, errors: args.errors, strict: args.strict, acceptDivergences: args.acceptDivergences, ...(args.durationS ? { durationS: args.durationS } : {}) },
    replay: `crosschain-conformance proxy --upstream ${args.upstream} (replay the violating request through it; its curl is in the report)`,
    strict: args.strict,
  });
  return finishPassive(result, io, args.reportDir);
}
