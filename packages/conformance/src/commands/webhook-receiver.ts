/**
 * `crosschain-conformance webhook-receiver --port <n> --api-key <key> [--duration <s>]
 * [--report-dir <dir>] [--strict]`: receives the target's webhook deliveries (register
 * `http://<this host>:<port>/` for the key), checks each one (the webhook checks of the events
 * family, live-service facts §1.9) and, on SIGINT/SIGTERM or after --duration, prints and writes
 * the kit's usual reports. Exit codes as every kit command (EXIT): 4 when no delivery arrived.
 */
import { clauses as specClauses, specHash } from '@crosschain/specs';
import { DELIVERS_CHANGES, checks as allWebhookChecks } from '../checks/events-webhook.js';

/** The checks a receiver alone can judge (not the silence against the changes an embedded run makes). */
const webhookChecks = allWebhookChecks.filter((c) => c.id !== DELIVERS_CHANGES);
import type { CliIo } from '../cli-io.js';
import { ConfigError } from '../config/fields.js';
import type { ParsedCommandLine } from '../config/program.js';
import { commandLine, parseOrReport } from './parse-args.js';
import { kitVersion } from '../config/resolve.js';
import { clauseMatrix } from '../engine/clause-matrix.js';
import type { ClauseEntry } from '../engine/clause-matrix.js';
import { errorReason, exitCodeOf, outcomeBase, toOutcome, totalsOf } from '../engine/outcome.js';
import { redactor, REDACTED } from '../contract/redact.js';
import { EXIT } from '../contract/types.js';
import type { CheckContext, CheckOutcome, CheckResult, RunResult } from '../contract/types.js';
import { messageSchemas } from '../contract/message-schemas.js';
import type { WebhookObservation } from '../contract/events.js';
import { WebhookReceiver } from '../events/webhook-receiver.js';
import { renderConsole, writeReports } from '../reporters/index.js';
import { listenForStop, stoppedBy } from '../signals.js';

interface ReceiverArgs {
  port: number;
  apiKey: string;
  durationS?: number;
  reportDir?: string;
  strict: boolean;
}

/** Checks the command line (config/fields.ts, COMMAND_LINES['webhook-receiver']). */
function parse(values: ParsedCommandLine['values']): ReceiverArgs {
  const portText = values.port as string | undefined;
  if (portText === undefined || !/^\d{1,5}$/.test(portText) || Number(portText) > 65535) {
    throw new ConfigError(`--port must be a port number 0-65535 (0 = any free port), got ${JSON.stringify(portText ?? '(none)')}. Example: --port 8787`);
  }
  const apiKey = values.apiKey as string | undefined;
  if (!apiKey) throw new ConfigError('--api-key (or CONFORMANCE_API_KEY) must give the API key the deliveries are signed with, got none. Example: --api-key "$API_KEY"');
  const durationText = values.duration as string | undefined;
  if (durationText !== undefined && !(/^\d+(\.\d+)?$/.test(durationText) && Number(durationText) > 0)) {
    throw new ConfigError(`--duration must be a positive number of seconds, got ${JSON.stringify(durationText)}. Example: --duration 300`);
  }
  const reportDir = values.reportDir as string | undefined;
  if (reportDir !== undefined && reportDir.trim() === '') throw new ConfigError('--report-dir must be a directory path, got "". Example: --report-dir reports');
  return {
    port: Number(portText),
    apiKey,
    ...(durationText !== undefined ? { durationS: Number(durationText) } : {}),
    ...(reportDir !== undefined ? { reportDir } : {}),
    strict: values.strict === true,
  };
}

/** Runs the webhook checks over what the receiver saw, as a run result of the kit. */
export async function judgeDeliveries(observation: WebhookObservation, args: Pick<ReceiverArgs, 'strict' | 'apiKey' | 'port'>, startedAt: Date): Promise<RunResult> {
  const redact = redactor([args.apiKey]);
  const levels = new Map((specClauses as readonly ClauseEntry[]).map((c) => [c.id, c.level]));
  const ctx = {
    events: {
      websocket: () => Promise.reject(new Error('the webhook receiver has no websocket session')),
      webhooks: async () => observation,
      close: async () => {},
    },
  } as unknown as CheckContext;
  const outcomes: CheckOutcome[] = [];
  for (const check of webhookChecks) {
    const t0 = performance.now();
    const base = outcomeBase(check, levels, 0, `crosschain-conformance webhook-receiver --port ${args.port} --api-key ${REDACTED}${args.strict ? ' --strict' : ''}`);
    let result: CheckResult | undefined;
    try {
      result = await check.run(ctx);
    } catch (err) {
      const violation = (err as { violation?: unknown }).violation;
      if (!violation) {
        outcomes.push({ ...base, status: 'error', reason: redact(errorReason(err)), durationMs: performance.now() - t0, requests: 0 });
        continue;
      }
      result = { status: 'fail', violation: violation as never };
    }
    outcomes.push(toOutcome(base, result, args.strict, performance.now() - t0, 0, redact));
  }
  const finishedAt = new Date();
  return {
    kit: { name: '@crosschain/conformance', version: kitVersion() },
    spec: { hash: specHash },
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    durationMs: finishedAt.getTime() - startedAt.getTime(),
    config: { command: 'webhook-receiver', port: args.port, apiKey: REDACTED, strict: args.strict },
    seed: 0,
    target: { baseUrl: observation.url, embedded: false },
    outcomes,
    totals: totalsOf(outcomes),
    requests: observation.deliveries.length,
    exitCode: observation.deliveries.length === 0 ? EXIT.unreachable : exitCodeOf(outcomes, false),
    clauses: clauseMatrix(specClauses as readonly ClauseEntry[], webhookChecks, outcomes),
  };
}

export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const line = commandLine('webhook-receiver', argv, io);
  if (typeof line === 'number') return line;
  const args = parseOrReport(() => parse(line.values), io);
  if (args === undefined) return EXIT.config;
  const receiver = new WebhookReceiver({ keys: [args.apiKey], schemas: await messageSchemas(), waitMs: (args.durationS ?? 0) * 1000 });
  const startedAt = new Date();
  let url: string;
  try {
    url = await receiver.start(args.port);
  } catch (err) {
    io.stderr(`error: --port ${args.port} cannot be listened on (${err instanceof Error ? err.message : String(err)}); pick a free port or --port 0\n`);
    return EXIT.config;
  }
  // Until the reports are written: a repeated signal (a parent's forwarded copy) must not end the process (signals.ts).
  const stop = listenForStop();
  io.stdout(`listening on ${url}\n`);
  try {
    const why = await stoppedBy(stop, args.durationS);
    await receiver.close();
    return await report(receiver, args, startedAt, why, io);
  } finally {
    stop.dispose();
  }
}

/** Judges the deliveries seen, prints them and writes the reports; returns the exit code. */
async function report(receiver: WebhookReceiver, args: ReceiverArgs, startedAt: Date, why: string, io: CliIo): Promise<number> {
  const result = await judgeDeliveries(receiver.observation(), args, startedAt);
  io.stdout(`stopped (${why}) after ${result.requests} deliveries\n`);
  io.stdout(renderConsole(result, { color: false }));
  if (result.requests === 0) io.stderr('error: no webhook delivery arrived; register this URL for the key with the target and make a status change\n');
  if (args.reportDir) {
    try {
      const paths = await writeReports(result, args.reportDir);
      io.stdout(`Reports: ${Object.values(paths).join(', ')}\n`);
    } catch (err) {
      io.stderr(`error: cannot write the reports to --report-dir ${JSON.stringify(args.reportDir)}: ${err instanceof Error ? err.message : String(err)}\n`);
      return result.exitCode === EXIT.ok ? EXIT.internal : result.exitCode;
    }
  }
  return result.exitCode;
}
