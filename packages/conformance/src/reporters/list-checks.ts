/**
 * `--list-checks` (issue 10 item 8): the checks a run would select (after --only, --skip and
 * --shard), one per line with id, family, level and clause ids; tab-separated so scripts can cut it.
 */
import { clauses as specClauses } from '@crosschain/specs';
import { allChecks } from '../checks/index.js';
import type { ConformanceConfig } from '../config/fields.js';
import type { ClauseEntry } from '../engine/clause-matrix.js';
import { levelOf } from '../engine/outcome.js';
import { selectChecks } from '../engine/selection.js';
import type { CheckDefinition } from '../engine/types.js';
import { shardOf } from '../shard/shard.js';

/** The listing text of the checks selected by the configuration. */
export function listChecks(config: Pick<ConformanceConfig, 'only' | 'skip' | 'shard'>, checks: readonly CheckDefinition[] = allChecks): string {
  const levels = new Map((specClauses as readonly ClauseEntry[]).map((c) => [c.id, c.level]));
  const selected = shardOf(selectChecks(checks, config.only, config.skip), config.shard);
  const rows = selected.map((c) => [c.id, c.family, levelOf(c, levels), c.clauses.join(',')]);
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length), 2));
  const head = ['id', 'family', 'level', 'clauses'];
  const line = (r: string[]) => r.map((v, i) => (i < 3 ? v.padEnd(widths[i]!) : v)).join('\t').trimEnd();
  return `${[line(head), ...rows.map(line)].join('\n')}\n${selected.length} check${selected.length === 1 ? '' : 's'}\n`;
}
