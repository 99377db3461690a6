/** A data set: rows (query view) plus a way to build each row's full v3 record. */
import type { Json } from './record-v3.js';
import type { Row } from './row.js';
import type { GeneratedTable } from './table.js';

export interface Dataset {
  /**
   * Rows in the default order (createdAt desc, id desc); `rows[i].idx === i`. A generated data set
   * builds this array on first read (tests, small variants): the store reads `table` instead.
   */
  rows: Row[];
  /** Generated data in columns, rows built on demand (absent for files and re-cut data sets). */
  table?: GeneratedTable;
  /** The v3 record of a row, without authenticated fields; a fresh object the caller may change. */
  record(row: Row): Json;
  /** The authenticated fields (`referrer`, `platformFee`, `apiKeyName`) of a row. */
  authenticated(row: Row): Json;
  /** Where the data came from. */
  source: 'generated' | 'file';
}
