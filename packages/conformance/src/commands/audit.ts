/**
 * `crosschain-conformance audit <file.har>... [--report-dir <dir>] [--strict]`: the passive oracles
 * over recorded traffic (passive/har.ts, passive/auditor.ts), the same reports and exit codes as a
 * run. A file that cannot be read or is not HAR 1.2 is a usage error (exit 2).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { CliIo } from '../cli-io.js';
import { EXIT } from '../engine/types.js';
import { readHarText } from '../har/har.js';
import { PassiveAuditor } from '../passive/auditor.js';
import { HarError, readHar } from '../passive/har.js';
import { parseUrl, type ObservedExchange } from '../passive/observed.js';
import { ConfigError } from '../config/fields.js';
import { finishPassive } from '../passive/report.js';

export const USAGE = `Usage: crosschain-conformance audit <file.har>... [--report-dir <dir>] [--strict]

Checks the recorded exchanges of HAR 1.2 files with the kit's oracles (browser exports, --record, proxy logs).
  --report-dir <dir>  write results.json, junit.xml, summary.md, report.html (CONFORMANCE_REPORT_DIR)
  --strict            SHOULD violations fail too (CONFORMANCE_STRICT=true)
`;

/** HAR files larger than this are refused (bounded memory). */
export const MAX_HAR_BYTES = 512 * 1024 * 1024;

export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  let files: string[];
  let reportDir: string | undefined;
  let strict: boolean;
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: [...argv], options: { 'report-dir': { type: 'string' }, strict: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: true });
    } catch (err) {
      throw new ConfigError(`${(err as Error).message}; see crosschain-conformance audit --help`);
    }
    if (parsed.values.help) {
      io.stdout(USAGE);
      return EXIT.ok;
    }
    files = parsed.positionals;
    if (files.length === 0) throw new ConfigError('audit needs at least one HAR file, e.g. crosschain-conformance audit traffic.har');
    reportDir = parsed.values['report-dir'] ?? io.env.CONFORMANCE_REPORT_DIR;
    strict = parsed.values.strict === true || io.env.CONFORMANCE_STRICT === 'true' || io.env.CONFORMANCE_STRICT === '1';
  } catch (err) {
    if (err instanceof ConfigError) {
      io.stderr(`error: ${err.message}\n`);
      return EXIT.config;
    }
    throw err;
  }
  const startedAt = new Date();
  const exchanges: ObservedExchange[] = [];
  for (const file of files) {
    try {
      const text = await readHarText(resolve(io.cwd, file), MAX_HAR_BYTES).catch((err: unknown) => {
        throw err instanceof RangeError ? new HarError(`${file} is larger than ${MAX_HAR_BYTES} bytes; split the recording`) : err;
      });
      if (text.length > MAX_HAR_BYTES) throw new HarError(`${file} is larger than ${MAX_HAR_BYTES} bytes; split the recording`);
      exchanges.push(...readHar(text, file));
    } catch (err) {
      const why = err instanceof HarError ? err.message : `cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`;
      io.stderr(`error: ${why}\n`);
      return EXIT.config;
    }
  }
  const auditor = new PassiveAuditor();
  for (const e of exchanges) auditor.observe(e);
  const result = auditor.result({
    startedAt,
    target: [...new Set(exchanges.map((e) => parseUrl(e.url)?.origin ?? '?'))].join(', ') || '(no exchange)',
    config: { command: 'audit', files, strict },
    replay: `crosschain-conformance audit ${files.join(' ')}`,
    strict,
  });
  return finishPassive(result, io, reportDir);
}
