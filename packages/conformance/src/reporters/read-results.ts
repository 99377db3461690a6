/**
 * Reads a results.json back (for `replay` and `merge-reports`): a file that cannot be read or is
 * not a results.json of the kit is a ConfigError saying which and how to get one.
 */
import { readFileSync } from 'node:fs';
import { ConfigError } from '../config/fields.js';
import type { ResultsDocument } from '../shard/merge.js';

/** Parses the results.json at `path` (`shown` names it in messages); `command` prefixes them. */
export function readResultsFile(path: string, shown: string, command: string): ResultsDocument {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ConfigError(`${command} cannot read ${JSON.stringify(shown)} (${(err as NodeJS.ErrnoException).code ?? 'unreadable'}). Fix: pass what a run wrote with --report-dir.`);
  }
  let doc: ResultsDocument;
  try {
    doc = JSON.parse(text) as ResultsDocument;
  } catch {
    throw new ConfigError(`${command}: ${JSON.stringify(shown)} is not JSON. Fix: pass what a run wrote with --report-dir.`);
  }
  if (!doc || !Array.isArray(doc.outcomes) || !Array.isArray(doc.clauses) || !doc.spec || !doc.target) {
    throw new ConfigError(`${command}: ${JSON.stringify(shown)} is not a results.json of the kit (no outcomes). Fix: pass what a run wrote with --report-dir.`);
  }
  return doc;
}
