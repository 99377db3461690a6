#!/usr/bin/env node
// Rewrites the list of checks in docs/checks.md (at the repository's root) from the registry (run after `pnpm --filter @crosschain/conformance build`).
import { readFileSync, writeFileSync } from 'node:fs';
import { clauses } from '@crosschain/specs';
import { checksTable, replaceTable } from '../dist/checks-table.js';
import { allChecks } from '../dist/checks/index.js';

const path = new URL('../../../docs/checks.md', import.meta.url);
const levels = new Map(clauses.map((c) => [c.id, c.level]));
const before = readFileSync(path, 'utf8');
const after = replaceTable(before, checksTable(allChecks, levels));
if (after !== before) writeFileSync(path, after);
console.log(after === before ? 'docs/checks.md: list of checks up to date' : 'docs/checks.md: list of checks rewritten');
