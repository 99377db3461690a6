/**
 * `crosschain-mock` command line. Prints `listening on <url>` as its first line, then the clock it
 * serves and what that date means for v2, and how its data moves; serves until SIGINT/SIGTERM.
 * Usage errors print one line (what is wrong, the value, the fix) and exit 2.
 */
import { V2_TIMELINE } from '@crosschain/specs';
import { DataFileError } from './data/ndjson.js';
import { checkWebhookTargets } from './events/webhooks.js';
import { faultCatalogue } from './faults.js';
import { v2PhaseText } from './deprecation.js';
import { LIVE_TRAFFIC, MAX_RECORDS, startMockServer, type MockServerOptions } from './mock-server.js';
import { Variants, variantCatalogue } from './variants/catalogue.js';

const HELP = `Usage: crosschain-mock [--port <n>] [--host <h>] [--records <n>] [--seed <n>] [--now <ISO time>]
                       [--profile contract|live] [--fault <name>]... [--variant <name>]...
                       [--data <file.ndjson>]
                       [--v2-rate-limit <per minute>] [--advance-every <ms>] [--arrive-every <ms>]
                       [--webhook <key>=<url>]... [--webhook-backoff-ms <ms>]
                       [--quiet] [--list-faults] [--list-variants] [--help]
  --port           port to listen on; 0 picks a free port (default 0)
  --host           interface to bind (default 127.0.0.1)
  --records        number of generated records (default 3000)
  --seed           generator seed (default 1)
  --now            server clock at start, ISO 8601 (default: the real time)
  --profile        contract (default): the API document; live: also every catalogued divergence
                   of the live service (the variants of profile live, see --list-variants)
  --fault          inject a fault (repeatable); see --list-faults
  --variant        switch on an allowed variation (repeatable; they compose, except within
                   one group such as two cursor encodings); see --list-variants
  --data           serve v3 records from an NDJSON file instead of generated data
  --v2-rate-limit  GET /requests/v2 limit per minute per key; 0 = unlimited
                   (default: none before ${V2_TIMELINE.throttledFrom}, 600/min its first month, 300 the second, 150 then)
  --advance-every  move requests one lifecycle step every <ms> (the subscribed ones, up to 16,
                   and one at random), as the live service's move on their own (default 1000;
                   0 freezes the data as generated; the variant live-traffic: 100)
  --arrive-every   insert one request created now every <ms>; default off
  --webhook        POST every status change of <key>'s requests to <url>, signed with the key
                   (repeatable, one URL per key)
  --webhook-backoff-ms  first webhook retry delay, doubling, up to 10 retries (default 1000)
  --quiet          do not log server errors to stderr
  --list-faults    print the fault catalogue (name, clause, description) and exit
  --list-variants  print the variant catalogue (name, profile, group, what allows it, description) and exit`;

class UsageError extends Error {}

/**
 * The standalone server moves its requests by default, as the live service's move on their own: a
 * run against it then judges the clauses about a request that changed during the run (the
 * conformance kit's after-change checks), which a frozen data set leaves unjudged.
 * `--advance-every 0` freezes the data; the library (`startMockServer`) stays frozen unless asked,
 * since its callers drive `advance()` themselves.
 */
export const DEFAULT_ADVANCE_EVERY_MS = 1000;

function intArg(flag: string, raw: string | undefined, min: number, max: number, example: string): number {
  if (raw === undefined || !/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new UsageError(`${flag} must be an integer from ${min} to ${max}, got ${JSON.stringify(raw ?? '')}. Example: ${flag} ${example}`);
  }
  return Number(raw);
}

/** Parses argv into options, or returns an action. Throws UsageError. */
export function parseArgs(argv: readonly string[]): { action: 'serve'; options: MockServerOptions } | { action: 'help' | 'list-faults' | 'list-variants' } {
  const options: MockServerOptions = {};
  const faults: string[] = [];
  const variants: string[] = [];
  // `pnpm mock -- --port 4010` hands the separator through: skip it.
  if (argv[0] === '--') argv = argv.slice(1);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.indexOf('=');
    const flag = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    const inline = arg.startsWith('--') && eq > 0 ? arg.slice(eq + 1) : undefined;
    const value = (): string | undefined => inline ?? argv[++i];
    switch (flag) {
      case '--help':
      case '-h':
        return { action: 'help' };
      case '--list-faults':
        return { action: 'list-faults' };
      case '--list-variants':
        return { action: 'list-variants' };
      case '--quiet':
        options.quiet = true;
        break;
      case '--port':
        options.port = intArg('--port', value(), 0, 65535, '4010');
        break;
      case '--records':
        options.records = intArg('--records', value(), 1, MAX_RECORDS, '3000');
        break;
      case '--seed':
        options.seed = intArg('--seed', value(), 0, 2 ** 32 - 1, '1');
        break;
      case '--v2-rate-limit':
        options.v2RateLimit = intArg('--v2-rate-limit', value(), 0, 1_000_000, '60');
        break;
      case '--advance-every':
        options.advanceEveryMs = intArg('--advance-every', value(), 0, 86_400_000, '1000');
        break;
      case '--arrive-every':
        options.arriveEveryMs = intArg('--arrive-every', value(), 1, 86_400_000, '1000');
        break;
      case '--webhook-backoff-ms':
        options.webhookBackoffMs = intArg('--webhook-backoff-ms', value(), 1, 86_400_000, '1000');
        break;
      case '--webhook': {
        const v = value() ?? '';
        const at = v.indexOf('=');
        if (at <= 0 || !/^https?:\/\/./.test(v.slice(at + 1))) {
          throw new UsageError(`--webhook must be <key>=<http(s) URL>, got a value without a key and URL. Example: --webhook demo-key=http://127.0.0.1:9000/hook`);
        }
        options.webhooks = { ...options.webhooks, [v.slice(0, at)]: v.slice(at + 1) };
        break;
      }
      case '--host': {
        const v = value();
        if (!v) throw new UsageError(`--host needs a value, got "". Example: --host 0.0.0.0`);
        options.host = v;
        break;
      }
      case '--now': {
        const v = value();
        if (v === undefined || !/^\d{4}-\d{2}-\d{2}/.test(v) || Number.isNaN(Date.parse(v))) {
          throw new UsageError(`--now must be an ISO 8601 time, got ${JSON.stringify(v ?? '')}. Example: --now 2026-08-15T12:00:00Z`);
        }
        options.now = v;
        break;
      }
      case '--data': {
        const v = value();
        if (!v) throw new UsageError(`--data needs a file path, got "". Example: --data fixtures/requests.ndjson`);
        options.data = v;
        break;
      }
      case '--fault': {
        const v = value();
        if (!v || !faultCatalogue.some((f) => f.name === v)) {
          throw new UsageError(`--fault ${JSON.stringify(v ?? '')} is not a known fault. Run --list-faults for the names, e.g. --fault v3-no-auth`);
        }
        faults.push(v);
        break;
      }
      case '--profile': {
        const v = value();
        if (v !== 'contract' && v !== 'live') throw new UsageError(`--profile must be contract or live, got ${JSON.stringify(v ?? '')}. Example: --profile live`);
        options.profile = v;
        break;
      }
      case '--variant': {
        const v = value();
        if (!v || !variantCatalogue.some((x) => x.name === v)) {
          throw new UsageError(`--variant ${JSON.stringify(v ?? '')} is not a known variant. Run --list-variants for the names, e.g. --variant gzip`);
        }
        variants.push(v);
        break;
      }
      default:
        throw new UsageError(`unknown argument ${JSON.stringify(arg)}. Run crosschain-mock --help for the options`);
    }
  }
  if (faults.length) options.faults = faults;
  if (options.arriveEveryMs && options.data) throw new UsageError('--arrive-every needs generated data, got --data too: new requests cannot be added to an NDJSON file; drop one of them');
  if (options.webhooks) {
    try {
      checkWebhookTargets(options.webhooks);
    } catch (err) {
      throw new UsageError(`--webhook: ${(err as Error).message}`);
    }
  }
  if (variants.length) {
    try {
      new Variants(variants, options.profile);
    } catch (err) {
      throw new UsageError(`--variant: ${(err as Error).message}`);
    }
    options.variants = variants;
  }
  // The variant live-traffic sets its own rhythm (mock-server.ts) unless --advance-every is given.
  if (options.advanceEveryMs === undefined && !variants.includes('live-traffic')) options.advanceEveryMs = DEFAULT_ADVANCE_EVERY_MS;
  return { action: 'serve', options };
}

/**
 * What the server serves, after its `listening on` line: the clock (and whether it is the real
 * time) with what that date means for GET /requests/v2, then how its requests move.
 */
export function startLines(options: MockServerOptions, now: number): string {
  const clock = `clock ${new Date(now).toISOString().slice(0, 19)}Z (${options.now !== undefined ? 'from --now, then running' : 'real time; --now pins it'})`;
  const live = options.variants?.includes('live-traffic') === true;
  const advance = options.advanceEveryMs ?? (live ? LIVE_TRAFFIC.advanceEveryMs : 0);
  const arrive = options.arriveEveryMs ?? (live && !options.data ? LIVE_TRAFFIC.arriveEveryMs : 0);
  const moves = [
    advance > 0 ? `requests move one lifecycle step every ${advance} ms, as live ones do (--advance-every 0 freezes them)` : 'requests frozen as generated (--advance-every 0): no request changes during a run',
    ...(arrive > 0 ? [`a new request arrives every ${arrive} ms`] : []),
  ];
  return `${clock}: ${v2PhaseText(now, options.v2RateLimit)}\n${moves.join('; ')}\n`;
}

/** Entry point of the bin: resolves to the exit code once the server has stopped. */
export async function main(argv: readonly string[]): Promise<number> {
  // A reader that closes early (`crosschain-mock --list-faults | head`) is not an error.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
  });
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs(argv);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`crosschain-mock: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
  if (parsed.action === 'help') {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  if (parsed.action === 'list-faults') {
    const w = Math.max(...faultCatalogue.map((f) => f.name.length));
    const c = Math.max(...faultCatalogue.map((f) => f.clause.length));
    for (const f of faultCatalogue) process.stdout.write(`${f.name.padEnd(w)}  ${f.clause.padEnd(c)}  ${f.description}\n`);
    return 0;
  }
  if (parsed.action === 'list-variants') {
    const w = Math.max(...variantCatalogue.map((v) => v.name.length));
    for (const v of variantCatalogue) {
      const profile = v.profile ? `[profile ${v.profile}: ${v.divergence}] ` : '[by name] ';
      process.stdout.write(`${v.name.padEnd(w)}  ${profile}${v.exclusive ? `[one ${v.exclusive}] ` : ''}${v.description}\n${' '.repeat(w + 2)}allowed by ${v.allowedBy.text}\n`);
    }
    return 0;
  }
  if (parsed.action !== 'serve') return 2;
  const options = parsed.options;
  let server;
  try {
    server = await startMockServer(options);
  } catch (err) {
    if (err instanceof DataFileError) {
      process.stderr.write(`crosschain-mock: ${err.message}. Fix the line or remove --data\n`);
      return 2;
    }
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
      process.stderr.write(`crosschain-mock: cannot listen on ${options.host ?? '127.0.0.1'}:${options.port ?? 0} (${code}). Choose another --port or --host\n`);
      return 2;
    }
    throw err;
  }
  const s = server;
  // Stopping is the normal end of a server: exit 0, never death by the signal (`pnpm mock` would print
  // ELIFECYCLE). A terminal's Ctrl-C reaches the whole process group and pnpm forwards its own copy
  // a moment later, so the handlers stay for the rest of the process and ignore the repeats; they
  // are in place before the first line, which is what a caller waits for before it may signal.
  const stopped = new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (): void => {
      if (stopping) return;
      stopping = true;
      void s.close().then(() => resolve(0));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  process.stdout.write(`listening on ${server.url}\n${startLines(options, server.now())}`);
  return stopped;
}
