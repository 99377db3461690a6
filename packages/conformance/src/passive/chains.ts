/**
 * Continuation chains observed passively (API document, GET /requests/v3 rule 4; live facts §1.3):
 * a page requested without `continuation` starts a chain; a page requested with a cursor that an
 * earlier page handed back continues that chain. Bounded: at most {@link MAX_CURSORS} open cursors
 * (the oldest forgotten first) and {@link MAX_IDS} ids per chain.
 */
import { recordId, type RecordJson } from '../checks/support/record.js';

/** Open cursors remembered (a chain whose next page comes after 1,000 newer chains is judged afresh). */
export const MAX_CURSORS = 1_000;
export const MAX_IDS = 100_000;

/** A chain as it stood before the page at hand. */
export interface ChainView {
  /** The query of the chain's first page (without `continuation`): its filters, sort, limit. */
  readonly query: URLSearchParams;
  readonly ids: ReadonlySet<string>;
  readonly cursors: ReadonlySet<string>;
  readonly lastRecord?: RecordJson;
  /** Pages seen so far. */
  readonly pages: number;
  /** Records seen so far. */
  readonly count: number;
  /** Whether the chain's first page was observed (else it began before the observation did). */
  readonly fromStart: boolean;
}

interface Chain extends ChainView {
  ids: Set<string>;
  cursors: Set<string>;
  lastRecord?: RecordJson;
  pages: number;
  count: number;
}

export class ChainTracker {
  private readonly byCursor = new Map<string, Chain>();

  /** The chain a page belongs to (a new one for a first page or an unknown cursor). */
  chainOf(query: URLSearchParams): Chain {
    const cursor = query.get('continuation');
    const known = cursor === null || cursor === '' ? undefined : this.byCursor.get(cursor);
    if (known) return known;
    const first = new URLSearchParams(query);
    first.delete('continuation');
    return { query: first, ids: new Set(), cursors: new Set(), pages: 0, count: 0, fromStart: cursor === null || cursor === '' };
  }

  /** Records a page of the chain and the cursor it handed back. */
  advance(chain: Chain, records: readonly RecordJson[], cursor: string | undefined): void {
    for (const r of records) {
      const id = recordId(r);
      if (id !== undefined && chain.ids.size < MAX_IDS) chain.ids.add(id);
    }
    chain.pages += 1;
    chain.count += records.length;
    if (records.length > 0) chain.lastRecord = records[records.length - 1];
    if (cursor === undefined) return;
    if (chain.cursors.size < MAX_IDS) chain.cursors.add(cursor);
    this.byCursor.delete(cursor);
    this.byCursor.set(cursor, chain);
    if (this.byCursor.size > MAX_CURSORS) this.byCursor.delete(this.byCursor.keys().next().value as string);
  }
}
