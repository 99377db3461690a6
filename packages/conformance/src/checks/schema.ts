import type { CheckDefinition } from '../engine/types.js';

/** Checks of this family (being written). */
export const checks: CheckDefinition[] = [];
