/**
 * Type level: every response the reference server serves, captured now, is assignable to the live
 * service's own response types, the openapi-typescript `paths` shipped in @relayprotocol/relay-sdk.
 * The captures are written as object literals annotated with the SDK type (so enums, nullability,
 * nesting and fields the SDK schema does not declare are all checked) and compiled with the
 * TypeScript compiler. A catalogued divergence of specs/clauses.yaml (the API document decides
 * otherwise than the live schema) is removed from the capture before the check and listed by id.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MockServer } from '@crosschain/mock-server';
import ts from 'typescript';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startReferenceServer } from '../helpers/reference-server.js';

const here = dirname(fileURLToPath(import.meta.url));
const packageDir = join(here, '..', '..');
const clausesFile = join(packageDir, '..', '..', 'specs', 'clauses.yaml');

interface Capture {
  /** Operation as the SDK's `paths` names it. */
  path: string;
  method: 'get' | 'post';
  /** What was asked, for the report. */
  request: string;
  body: unknown;
  /** Catalogued divergences removed from `body` before the check. */
  divergences: string[];
}

/**
 * The catalogued divergences the SDK types meet. `remove` takes the divergent value out of a capture
 * before the check (used where the mismatch would stop the compiler from checking the rest of the
 * object); `diagnostic` matches the compiler's complaint by JSON path and message instead. Each must
 * still show in the captures (otherwise it should leave this list).
 */
interface Divergence {
  operations: string[];
  remove?: (body: any) => boolean;
  diagnostic?: { path: RegExp; message: RegExp };
}
const DIVERGENCES: Record<string, Divergence> = {
  // The document requires the deprecation object on v2 200 bodies; the SDK's v2 schema predates it.
  'divergence.v2-deprecation-object-missing': {
    operations: ['/requests/v2'],
    remove: (body) => 'deprecation' in body && delete body.deprecation,
  },
  // The document names the partner id `partnerId`; the live schema `moonpayId`.
  'divergence.partner-id-name': {
    operations: ['/requests/v3'],
    diagnostic: { path: /^requests\[\]\.data\.externalMetadata\.partnerId$/, message: /'"partnerId"' does not exist/ },
  },
  // The live feeSponsorship has a required fifth component `rent`; the document lists four.
  'divergence.rent-bucket': {
    operations: ['/requests/v3'],
    diagnostic: { path: /^requests\[\]\.data\.feeSponsorship\.(quoted|actual)\.components$/, message: /Property 'rent' is missing/ },
  },
  // The document (and the live service's own published record) has null where the SDK's schema has no null.
  'divergence.live-schema-non-nullable': {
    operations: ['/requests/v3'],
    diagnostic: { path: /^requests\[\]\.data\.(failedTxHash|failedTxBlockNumber|failedCallData|feeSponsorship\.quoted\.maxSubsidizationAmount)$/, message: /^Type 'null' is not assignable/ },
  },
  // The document types failedCallData as a string; the live schema as the call object.
  'divergence.failed-call-data-object': {
    operations: ['/requests/v3'],
    diagnostic: { path: /^requests\[\]\.data\.failedCallData$/, message: /^Type 'string' has no properties in common/ },
  },
  // refundFailReason values the SDK 7.0.3 enum lacks: MANUAL_REFUND_REQUIRED (since 2026-08-07) and v2's N/A.
  'divergence.refund-fail-reason-values': {
    operations: ['/requests/v2', '/requests/v3'],
    diagnostic: { path: /^requests\[\]\.data\.refundFailReason$/, message: /^Type '"(N\/A|MANUAL_REFUND_REQUIRED)"' is not assignable/ },
  },
};

let server: MockServer;
const captures: Capture[] = [];

async function capture(path: string, method: 'get' | 'post', url: string, init: RequestInit = {}): Promise<any> {
  const { status, body } = await call(server, url, init);
  captures.push({ path, method, request: `${method.toUpperCase()} ${url}${init.body ? ` ${String(init.body)}` : ''} -> ${status}`, body, divergences: [] });
  if (status !== 200) throw new Error(`${method.toUpperCase()} ${url} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

beforeAll(async () => {
  server = await startReferenceServer({ records: 120 });
  const key = { 'x-api-key': server.apiKeys.demo };
  // GET /requests/v3 and /requests/v2: every page of the data set.
  const ids: Array<{ id: string; status: string }> = [];
  for (let continuation: string | undefined, first = true; first || continuation; first = false) {
    const page = await capture('/requests/v3', 'get', `/requests/v3?limit=50${continuation ? `&continuation=${continuation}` : ''}`, { headers: key });
    ids.push(...page.requests.map((r: any) => ({ id: r.id, status: r.status })));
    continuation = page.continuation ?? undefined;
  }
  for (let continuation: string | undefined, first = true; first || continuation; first = false) {
    const page = await capture('/requests/v2', 'get', `/requests/v2?limit=50${continuation ? `&continuation=${continuation}` : ''}`);
    continuation = page.continuation ?? undefined;
  }
  // The three status operations, for one request of each status.
  const byStatus = new Map(ids.map((r) => [r.status, r.id]));
  for (const id of byStatus.values()) {
    for (const path of ['/intents/status', '/intents/status/v2', '/intents/status/v3']) {
      await capture(path, 'get', `${path}?requestId=${id}`).catch(() => undefined);
    }
  }
  // POST /currencies/v2 with the bodies the token list sends.
  const json = { 'content-type': 'application/json' };
  for (const body of [{}, { limit: 100 }, { chainIds: [8453], term: 'usd' }, { defaultList: true, chainIds: [1] }, { verified: true, limit: 5 }]) {
    await capture('/currencies/v2', 'post', '/currencies/v2', { method: 'POST', headers: json, body: JSON.stringify(body) });
  }
});

afterAll(async () => {
  await server?.close();
});

interface Complaint {
  /** Index of the capture. */
  capture: number;
  /** JSON path in the capture, array indexes as `[]`. */
  path: string;
  message: string;
}

/** The innermost node of `file` that spans `pos`. */
function nodeAt(file: ts.SourceFile, pos: number): ts.Node {
  let found: ts.Node = file;
  const visit = (n: ts.Node): void => {
    if (pos >= n.getStart(file) && pos < n.getEnd()) {
      found = n;
      ts.forEachChild(n, visit);
    }
  };
  ts.forEachChild(file, visit);
  return found;
}

/** JSON path of a node inside an exported capture literal, e.g. `requests[].data.failedTxHash`. */
function jsonPath(node: ts.Node): string {
  const parts: string[] = [];
  for (let cur: ts.Node | undefined = node; cur && !ts.isVariableDeclaration(cur); cur = cur.parent) {
    if (ts.isPropertyAssignment(cur)) parts.unshift(`.${cur.name.getText().replace(/^"|"$/g, '')}`);
    else if (cur.parent && ts.isArrayLiteralExpression(cur.parent)) parts.unshift('[]');
  }
  return parts.join('').replace(/^\./, '');
}

/** Compiles the captures as literals annotated with their SDK type; returns what the compiler says. */
function typecheck(list: Capture[]): Complaint[] {
  const dir = join(packageDir, 'test-results', 'response-types');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'captured.ts');
  const lines = [
    "import type { paths } from '@relayprotocol/relay-sdk';",
    "type Ok<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;",
    ...list.map((c, i) => `export const c${i}: Ok<${JSON.stringify(c.path)}, ${JSON.stringify(c.method)}> = ${JSON.stringify(c.body)};`),
  ];
  writeFileSync(file, `${lines.join('\n')}\n`);
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n').at(-1)!.trim();
    if (!d.file || d.start === undefined) return { capture: -1, path: '', message };
    const line = d.file.getLineAndCharacterOfPosition(d.start).line;
    return { capture: line - 2, path: jsonPath(nodeAt(d.file, d.start)), message };
  });
}

describe('captured responses of the reference server against the SDK response types', () => {
  it('covers every operation the reference server serves that the SDK types', () => {
    const served = new Set(captures.map((c) => c.path));
    expect([...served].sort()).toEqual(['/currencies/v2', '/intents/status', '/intents/status/v2', '/intents/status/v3', '/requests/v2', '/requests/v3']);
  });

  it('every capture answered 200', () => {
    const failed = captures.filter((c) => !c.request.endsWith('-> 200')).map((c) => `${c.request}: ${JSON.stringify(c.body).slice(0, 200)}`);
    expect(failed).toEqual([]);
  });

  it('every captured 200 body is assignable to its SDK type, except the catalogued divergences listed by id', () => {
    const catalogue = parse(readFileSync(clausesFile, 'utf8')) as { clauses: Array<{ id: string; kind: string }> };
    const catalogued = new Set(catalogue.clauses.filter((c) => c.kind === 'divergence').map((c) => c.id));
    expect(Object.keys(DIVERGENCES).filter((id) => !catalogued.has(id))).toEqual([]);

    const ok = captures.filter((c) => c.request.endsWith('-> 200')).map((c) => ({ ...c, body: structuredClone(c.body) }));
    const shown = new Set<string>();
    for (const c of ok) {
      for (const [id, d] of Object.entries(DIVERGENCES)) {
        if (d.remove && d.operations.includes(c.path) && d.remove(c.body)) shown.add(id);
      }
    }
    const unexpected = new Map<string, number>();
    for (const complaint of typecheck(ok)) {
      const c = ok[complaint.capture];
      const excused = c && Object.entries(DIVERGENCES).find(([, d]) => d.diagnostic && d.operations.includes(c.path) && d.diagnostic.path.test(complaint.path) && d.diagnostic.message.test(complaint.message));
      if (excused) {
        shown.add(excused[0]);
        continue;
      }
      const key = `${c ? `${c.method.toUpperCase()} ${c.path}` : '(file)'} ${complaint.path}: ${complaint.message.slice(0, 240)}`;
      unexpected.set(key, (unexpected.get(key) ?? 0) + 1);
    }
    // Grouped by operation, JSON path and message, with the number of places.
    expect([...unexpected].map(([key, n]) => `${key} (${n}x)`)).toEqual([]);
    expect(Object.keys(DIVERGENCES).filter((id) => !shown.has(id))).toEqual([]);
  }, 180_000);
});
