/**
 * What the compiler tells a user who calls `requestsV3` on a client without a key: the
 * error names the missing key and the fix, and does not suggest the deprecated `requestsV2`.
 * Compiles snippets beside `src/` with the TypeScript API and reads the diagnostics.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const testDir = dirname(fileURLToPath(import.meta.url));
const snippetPath = resolve(testDir, '__snippet__.ts');

/** Compiles one snippet importing `../src/index.js`; returns the text of its diagnostics. */
function diagnosticsOf(source: string): string[] {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, ...rest) =>
    resolve(fileName) === snippetPath ? ts.createSourceFile(fileName, source, language) : getSourceFile(fileName, language, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => resolve(fileName) === snippetPath || fileExists(fileName);
  const program = ts.createProgram([snippetPath], options, host);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(snippetPath))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

const HEADER = `import { createSettlementClient, encodeRequestsV3Filters } from '../src/index.js';\n`;

describe('the typed client guides (compiler messages)', () => {
  it('requestsV3 on a client without a key: the error names the missing key, not requestsV2', () => {
    const messages = diagnosticsOf(`${HEADER}const c = createSettlementClient({ baseUrl: 'https://api.example.com' });\nvoid c.requestsV3();\n`);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("Type 'RequestsV3NeedsAnApiKey' has no call signatures");
    expect(messages[0]).not.toContain('requestsV2');
  });

  it('a key typed string | undefined compiles a requestsV3 call', () => {
    const source = `${HEADER}const c = createSettlementClient({ baseUrl: 'https://api.example.com', apiKey: process.env.KEY });\nvoid c.requestsV3({ limit: 1 });\n`;
    expect(diagnosticsOf(source)).toEqual([]);
  });

  it('a range key inside a filter group does not compile', () => {
    const messages = diagnosticsOf(`${HEADER}encodeRequestsV3Filters([{ status: 'refund', amountUsdMin: 5 }]);\n`);
    expect(messages.join('\n')).toContain("Type 'number' is not assignable to type 'RangeFiltersAndFeaturesAreTopLevelOnly'");
  });
});
