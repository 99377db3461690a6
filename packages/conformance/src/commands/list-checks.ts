/**
 * `--list-checks`: the checks a run would select (after --only, --skip and
 * --shard), one per line with id, family, level and clause ids; tab-separated so scripts can cut it.
 */
import { clauses as specClauses } from '@crosschain/specs';
import { allChecks } from '../checks/index.js';
import type { ConformanceConfig } from '../config/fields.js';
import type { ClauseEntry } from '../engine/clause-matrix.js';
import { levelOf } from '../engine/outcome.js';
import { selectChecks } from '../engine/selection.js';
import type { CheckDefinition } from '../contract/types.js';
import { shardOf } from '../shard/shard.js';

/** The listing text of the checks selected by the configuration. */
export function listChecks(config: Pick<ConformanceConfig, 'only' | 'skip' | 'shard'>, checks: readonly CheckDefinition[] = allChecks): string {
  const levels = new Map((specClauses as readonly ClauseEntry[]).map((c) => [c.id, c.level]));
  const selected = shardOf(selectChecks(checks, config.only, config.skip), config.shard);
  const rows = selected.map((c) => [c.id, c.family, levelOf(c, levels), c.clauses.join(',')]);
  const head = ['id', 'family', 'level', 'clauses'];
  // Fields separated by one tab and never padded (padded with spaces, `cut -f2` kept them).
  const line = (r: string[]) => r.join('\t');
  return `${[line(head), ...rows.map(line)].join('\n')}\n${selected.length} check${selected.length === 1 ? '' : 's'}\n`;
}
