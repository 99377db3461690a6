/**
 * Fault names are a union type derived from the catalogue: `faults.has` with a
 * misspelt name does not compile, a catalogued one does. Compiled with the TypeScript compiler API.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { faultCatalogue, isFaultName } from '../src/faults.js';

const faultsModule = fileURLToPath(new URL('../src/faults.ts', import.meta.url)).replace(/\.ts$/, '.js');

function diagnostics(source: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'fault-names-'));
  const file = join(dir, 'use.ts');
  writeFileSync(file, source);
  const program = ts.createProgram([file], { strict: true, noEmit: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, skipLibCheck: true, types: [] });
  return ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('fault names as a union type', () => {
  it('a misspelt fault does not compile; a catalogued one does', () => {
    const use = (name: string) => `import { Faults } from ${JSON.stringify(faultsModule)};\nnew Faults([]).has(${JSON.stringify(name)});\n`;
    expect(diagnostics(use('v3-page-gap'))).toEqual([]);
    const typo = diagnostics(use('v3-page-gapp'));
    expect(typo).toHaveLength(1);
    expect(typo[0]).toMatch(/"v3-page-gapp"' is not assignable to parameter of type/);
  }, 60_000);

  it('every catalogued name is a fault name at run time; the catalogue has no duplicate', () => {
    for (const f of faultCatalogue) expect(isFaultName(f.name)).toBe(true);
    expect(isFaultName('v3-page-gapp')).toBe(false);
    expect(new Set(faultCatalogue.map((f) => f.name)).size).toBe(faultCatalogue.length);
  });
});
