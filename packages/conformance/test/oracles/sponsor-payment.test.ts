/**
 * `sponsorPayment` is in `feeSponsorship.actual` only (oracles/requests-v3-records.ts): judged on
 * every v3 page by the passive side and, with no check written for it, by the active run through the
 * check the registry derives from the oracle and its clause.
 */
import { readFileSync } from 'node:fs';
import { createMockHandler } from '@crosschain/mock-server';
import { describe, expect, it } from 'vitest';
import { allChecks } from '../../src/checks/index.js';
import { runConformance } from '../../src/index.js';
import { sponsorPaymentActualOnly } from '../../src/oracles/requests-v3-records.js';
import { PassiveAuditor } from '../../src/oracles/auditor.js';

const ID = sponsorPaymentActualOnly.id;
const RECORD = JSON.parse(readFileSync(new URL('../../../../specs/examples/request-v3/valid-refund-with-fail-reason.json', import.meta.url), 'utf8')) as Record<string, any>;
const AT = Date.parse('2026-10-01T00:00:00Z');
const PAYMENT = { amount: '1000', address: '0x00000000000000000000000000000000000000aa', chainId: 1 };

/** The outcome of the rule over one v3 page holding `records`, through the passive auditor and the default registry. */
function audit(...records: unknown[]) {
  const a = new PassiveAuditor();
  a.observe({ method: 'GET', url: 'http://api.test/requests/v3?limit=5', requestHeaders: { 'x-api-key': 'test-key-123456' }, status: 200, responseHeaders: { 'content-type': 'application/json' }, bodyText: JSON.stringify({ requests: records }), durationMs: 1, startedAt: AT });
  return a.result({ startedAt: new Date(AT), target: 'http://api.test', config: {}, replay: 'x' }).outcomes.find((o) => o.id === ID);
}

const withQuoted = (payment: unknown) => {
  const r = structuredClone(RECORD);
  r.data.feeSponsorship.quoted.sponsorPayment = payment;
  return r;
};

describe('sponsorPayment in the actual phase only, one page', () => {
  it('a page whose quotes carry no payment passes; a payment in the actual phase is where it belongs', () => {
    const r = structuredClone(RECORD);
    r.data.feeSponsorship.actual.sponsorPayment = PAYMENT;
    expect(audit(RECORD, r)).toMatchObject({ status: 'pass', level: 'MUST' });
  });

  it('a payment in the quote fails, naming the record and the value', () => {
    const outcome = audit(RECORD, withQuoted(PAYMENT));
    expect(outcome?.status).toBe('fail');
    expect(outcome!.violation!.received).toBe(`id ${RECORD.id}: data.feeSponsorship.quoted.sponsorPayment = ${JSON.stringify(PAYMENT)}`);
    expect(outcome!.violation!.expected).toBe('no data.feeSponsorship.quoted.sponsorPayment');
  });

  it('left open: a null payment in the quote names none; a record without a fee sponsorship is not judged', () => {
    expect(audit(withQuoted(null))?.status).toBe('pass');
    const none = structuredClone(RECORD);
    none.data.feeSponsorship = null;
    expect(audit(none)?.status).toBe('skip');
  });
});

describe('a rule with no check written: the registry derives it from its oracle and its clause', () => {
  it('its check has the clause of the catalogue that lists it, its title, its level and its operation', () => {
    const check = allChecks.find((c) => c.id === ID);
    expect(check).toMatchObject({ oracleOnly: true, clauses: [ID], operation: 'GET /requests/v3', family: 'requests-v3.record', phase: 'final' });
    expect(check!.title).toMatch(/sponsorPayment.*actual.*never in `quoted`/);
  });

  const NOW = '2026-10-15T12:00:00Z';
  const run = (handler: { fetch: (r: Request) => Promise<Response> }) =>
    runConformance({ handler, apiKey: 'demo-key', otherApiKey: 'other-key', only: ['requests-v3.limit.max', ID], seed: 3, numRuns: 2 });

  it('the active run passes it on the pages other checks fetched, counting them', async () => {
    const server = createMockHandler({ now: NOW, records: 300, seed: 1, quiet: true });
    try {
      const result = await run({ fetch: async (r) => server.fetch(r) });
      const outcome = result.outcomes.find((o) => o.id === ID);
      expect(outcome?.status, outcome?.reason).toBe('pass');
      expect(outcome!.reason).toMatch(/^\d+ exchanges? checked/);
      expect(result.exitCode).toBe(0);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('the active run fails it when a server quotes a payment, with that exchange as the reproduction', async () => {
    const server = createMockHandler({ now: NOW, records: 300, seed: 1, quiet: true });
    // A server that copies each record's actual payment into its quote.
    const quoting = async (r: Request): Promise<Response> => {
      const res = await server.fetch(r);
      if (!new URL(r.url).pathname.endsWith('/requests/v3') || res.status !== 200) return res;
      const body = (await res.json()) as { requests: Array<Record<string, any>> };
      for (const rec of body.requests) {
        const fs = rec.data?.feeSponsorship;
        if (fs?.quoted && fs.actual?.sponsorPayment) fs.quoted.sponsorPayment = fs.actual.sponsorPayment;
      }
      return new Response(JSON.stringify(body), { status: 200, headers: res.headers });
    };
    try {
      const result = await run({ fetch: quoting });
      const outcome = result.outcomes.find((o) => o.id === ID);
      expect(outcome?.status).toBe('fail');
      expect(outcome!.violation!.received).toMatch(/data\.feeSponsorship\.quoted\.sponsorPayment = /);
      expect(outcome!.violation!.request?.url).toMatch(/\/requests\/v3/);
      expect(result.outcomes.find((o) => o.id === 'requests-v3.limit.max')?.status).toBe('pass');
      expect(result.exitCode).toBe(1);
    } finally {
      await server.close();
    }
  }, 60_000);
});
