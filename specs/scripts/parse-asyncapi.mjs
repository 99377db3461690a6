#!/usr/bin/env node
/**
 * Parses specs/asyncapi/asyncapi.yaml with @asyncapi/parser 3 (file references resolved relative to
 * the document), prints every diagnostic and exits 1 when any has error severity.
 * Usage: node scripts/parse-asyncapi.mjs [path/to/asyncapi.yaml]
 */
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import parserModule from '@asyncapi/parser';

const { Parser, DiagnosticSeverity } = parserModule;
const specsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const file = resolve(process.argv[2] ?? resolve(specsDir, 'asyncapi/asyncapi.yaml'));

const SEVERITY = {
  [DiagnosticSeverity.Error]: 'error',
  [DiagnosticSeverity.Warning]: 'warning',
  [DiagnosticSeverity.Information]: 'info',
  [DiagnosticSeverity.Hint]: 'hint',
};

let text;
try {
  text = readFileSync(file, 'utf8');
} catch (err) {
  console.error(`cannot read the AsyncAPI document ${file}: ${err.message}. Example: node scripts/parse-asyncapi.mjs asyncapi/asyncapi.yaml`);
  process.exit(2);
}

const { document, diagnostics } = await new Parser().parse(text, { source: file });
const shown = relative(process.cwd(), file) || file;
let errors = 0;
for (const d of diagnostics) {
  const level = SEVERITY[d.severity] ?? String(d.severity);
  if (d.severity === DiagnosticSeverity.Error) errors += 1;
  const where = d.path?.length ? ` at ${d.path.join('.')}` : '';
  const line = d.range ? `:${d.range.start.line + 1}:${d.range.start.character + 1}` : '';
  console.log(`${shown}${line} ${level} ${d.code}: ${d.message}${where}`);
}
if (errors > 0 || document === undefined) {
  console.error(`${shown}: ${errors} error(s); the AsyncAPI document is invalid`);
  process.exit(1);
}
console.log(`${shown}: valid AsyncAPI ${document.version()}, ${diagnostics.length} diagnostic(s), 0 errors`);
