/**
 * The hostile-target battery: one small loopback server per misbehaviour, each
 * with the exit code the kit must end with, a pattern naming the cause, and the flags that keep its
 * run small. Plain ESM so that both the tests (test/hostile/) and the benchmark
 * (bench/conformance/hostile.mjs, the real CLI as a child process) run the same servers.
 *
 * Scenarios that need a correct API behind the misbehaviour proxy the reference server
 * (@crosschain/mock-server), translating the kit's key {@link KEY} into the server's `demo-key`.
 */
import { createServer, request as httpRequest } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { constants as zlibConstants, createBrotliCompress, gzipSync } from 'node:zlib';
import { startMockServer } from '@crosschain/mock-server';
import { keyEncodings } from './key-encodings.mjs';

/** The API key the kit is given: token characters only (it must fit in a header name), `+` URL-encodes. */
export const KEY = 'hk_Live-7f3a9Q+zK42';
/** The value of the `-H` header the kit is given: as secret as the key. */
export const GATEWAY_TOKEN = 'gw-Tok3n_ZZ9-x';
const GATEWAY_HEADER = 'x-gateway-token';
const MIB = 1024 * 1024;
/** --max-body-bytes of the battery (the default is 8 MiB): small, so the huge bodies cross it fast. */
export const BATTERY_MAX_BODY_BYTES = 2 * MIB;
const MOCK_NOW = '2026-10-15T12:00:00Z';

/** Flags every scenario runs with: small budgets, a fixed seed, the key and a gateway header. */
export function batteryArgs(baseUrl) {
  return [
    '--base-url', baseUrl,
    '--api-key', KEY,
    '-H', `${GATEWAY_HEADER}: ${GATEWAY_TOKEN}`,
    '--seed', '7',
    '--num-runs', '2',
    '--timeout-ms', '400',
    '--max-duration', '30s',
    '--max-rps', '1000',
    '--max-body-bytes', String(BATTERY_MAX_BODY_BYTES),
    // The battery judges hostile behaviour, not completeness: no second key (that is exit 2 otherwise).
    '--allow-incomplete',
  ];
}

/** Starts a node:http server on loopback; resolves to its base URL and a close that ends every socket. */
async function listen(handler, setup = () => undefined) {
  const server = createServer(handler);
  setup(server);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    server,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function json(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/** Reads a request's body, then calls `next(body)`. */
function withBody(req, next) {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => next(Buffer.concat(chunks)));
}

/**
 * The reference server behind a proxy: `edit(ctx)` may answer itself (return true), and
 * `rewrite(url, status, json)` may change the JSON body of an answer. The kit's key becomes `demo-key`.
 */
async function proxied({ edit, rewrite, setup } = {}) {
  const mock = await startMockServer({ port: 0, records: 300, seed: 5, now: MOCK_NOW, quiet: true });
  const upstream = new URL(mock.url);
  const front = await listen((req, res) => {
    withBody(req, (body) => {
      const url = new URL(`http://front${req.url ?? '/'}`);
      if (edit?.({ req, res, url, body })) return;
      const headers = { ...req.headers, host: upstream.host };
      if (headers['x-api-key'] === KEY) headers['x-api-key'] = 'demo-key';
      delete headers['accept-encoding'];
      const up = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (upRes) => {
        const chunks = [];
        upRes.on('data', (c) => chunks.push(c));
        upRes.on('end', () => {
          let text = Buffer.concat(chunks).toString('utf8');
          const out = { ...upRes.headers };
          delete out['content-length'];
          delete out['transfer-encoding'];
          if (rewrite && /json/.test(String(upRes.headers['content-type']))) {
            try {
              const edited = rewrite(url, upRes.statusCode, JSON.parse(text));
              if (edited !== undefined) text = JSON.stringify(edited);
            } catch {
              /* not JSON: forwarded as is */
            }
          }
          res.writeHead(upRes.statusCode ?? 502, out);
          res.end(text);
        });
      });
      up.on('error', () => json(res, 502, { message: 'upstream failed' }));
      up.end(body);
    });
  }, setup);
  return { url: front.url, close: async () => { await front.close(); await mock.close(); } };
}

/** A record without its bulky nested fields (the reference server's are ~7 KB; 10,000 of them stay under 8 MiB). */
function slim(record) {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => JSON.stringify(v ?? null).length <= 120));
}

/** A body of `total` bytes streamed in chunks, stopping when the client goes away (`open`: headers already sent). */
function stream(res, total, chunk, headers, open = false) {
  if (!open) res.writeHead(200, headers);
  let sent = 0;
  const pump = () => {
    while (sent < total && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end();
  };
  res.on('close', () => {
    sent = total;
  });
  pump();
}

let gzipBomb;
/** ~1 MB of gzip members inflating to 1 GiB (64 members of 16 MiB of zeros). */
function gzipBombBody() {
  gzipBomb ??= Buffer.concat(Array(64).fill(gzipSync(Buffer.alloc(16 * MIB), { level: 9 })));
  return gzipBomb;
}

let brBomb;
/** A brotli stream inflating to 256 MiB of zeros. */
async function brotliBombBody() {
  if (brBomb) return brBomb;
  const encoder = createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: 256 * MIB } });
  const parts = [];
  encoder.on('data', (c) => parts.push(c));
  const done = new Promise((resolve) => encoder.on('end', resolve));
  const zeros = Buffer.alloc(MIB);
  for (let i = 0; i < 256; i += 1) if (!encoder.write(zeros)) await new Promise((r) => encoder.once('drain', r));
  encoder.end();
  await done;
  brBomb = Buffer.concat(parts);
  return brBomb;
}

/** Answers POST /currencies/v2 with one currency and everything else with `other`. */
function currenciesThen(other) {
  return (req, res) =>
    withBody(req, () => {
      const path = new URL(`http://x${req.url ?? '/'}`).pathname;
      if (path === '/currencies/v2') return json(res, 200, [{ chainId: 1, address: '0x0000000000000000000000000000000000000000', symbol: 'ETH', name: 'Ether', decimals: 18, vmType: 'evm', metadata: { verified: true } }]);
      return other(req, res, path);
    });
}

/**
 * The scenarios, in the order of the issue. `exit`: the code the run must end with; `cause`: what
 * the output must name; `seconds`: the bound the run must end within (budgets are small).
 */
/**
 * What a run against a target whose GET /requests/v3 alone stops answering must end with:
 * the cause named once, the operation's checks skipped, exit 1, within the 2 minutes.
 */
const STALLED_V3 = {
  exit: 1,
  cause: /Stalled: +GET \/requests\/v3 stopped answering while other operations answered: .*did not answer within 400 ms[\s\S]*FAILED \(exit 1\): GET \/requests\/v3 stopped answering \(\d+ checks? not run\)/,
  // The bad-input sweep does not report the stalled operation again as its own failure.
  forbid: /✘ general\.no-server-error-on-bad-input/,
  seconds: 120,
  args: ['--max-duration', '100s'],
};

export const SCENARIOS = [
  {
    name: 'never answers',
    exit: 4,
    cause: /did not answer within 400 ms/,
    seconds: 10,
    start: () => listen(() => undefined),
  },
  {
    name: 'headers then a stalled body',
    exit: 4,
    cause: /did not answer within 400 ms/,
    seconds: 10,
    start: () => listen((req, res) => res.writeHead(200, { 'content-type': 'application/json' }) && res.flushHeaders()),
  },
  {
    name: 'closed mid-body',
    exit: 4,
    cause: /fetch failed|aborted|ECONNRESET|socket hang up/,
    seconds: 10,
    start: () =>
      listen((req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write('{"requests": [');
        setTimeout(() => res.destroy(), 20);
      }),
  },
  {
    name: 'a 1-byte-per-second drip',
    exit: 4,
    cause: /did not answer within 400 ms/,
    seconds: 10,
    start: () =>
      listen((req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const timer = setInterval(() => res.write(' '), 1000);
        res.on('close', () => clearInterval(timer));
      }),
  },
  {
    name: 'invalid JSON',
    exit: 1,
    cause: /must be a JSON array/,
    seconds: 30,
    start: () => listen((req, res) => withBody(req, () => json(res, 200, '{"requests": [{"id": '))),
  },
  {
    name: 'HTML',
    exit: 2,
    cause: /not a JSON API: .*text\/html.*wrong base URL\?/,
    seconds: 10,
    start: () => listen((req, res) => withBody(req, () => (res.writeHead(200, { 'content-type': 'text/html' }), res.end('<!doctype html><title>Welcome to nginx!</title>')))),
  },
  {
    name: 'a huge body (50 MB)',
    exit: 1,
    cause: /response body over --max-body-bytes/,
    seconds: 30,
    start: () =>
      listen(currenciesThen((req, res) => stream(res, 50 * MIB, Buffer.alloc(64 * 1024, 0x20), { 'content-type': 'application/json' }))),
  },
  {
    name: 'a page of 10,000 records ignoring limit, keep-alive sockets closed by the server',
    exit: 1,
    cause: /A page holds at most min\(limit, 50\) records/,
    seconds: 90,
    /** The default cap (8 MiB) holds the 4.5 MB page; the checks that walk it are selected so the run completes under load. */
    args: ['--max-body-bytes', String(8 * MIB), '--max-duration', '80s', '--timeout-ms', '5000', '--only', 'requests-v3.limit'],
    start: async () => {
      /** The 10,000-record page, serialised once from a real page of the reference server. */
      let page;
      const target = await proxied({
        setup: (server) => {
          server.keepAliveTimeout = 1;
        },
        edit: ({ res, url }) => url.pathname === '/requests/v3' && page !== undefined && (json(res, 200, page), true),
      });
      const sample = await (await fetch(`${target.url}/requests/v3?limit=50`, { headers: { 'x-api-key': KEY } })).json();
      const records = Array.from({ length: 10_000 }, (_, i) => ({ ...slim(sample.requests[i % sample.requests.length]), id: `0x${(i + 1).toString(16).padStart(64, '0')}` }));
      page = JSON.stringify({ requests: records });
      return target;
    },
    /** No check may error on a reset keep-alive socket. */
    forbid: /ECONNRESET|EPIPE/,
  },
  {
    name: 'a page of 10,000 full records (73 MB) ignoring limit',
    exit: 1,
    cause: /response body over --max-body-bytes/,
    seconds: 60,
    args: ['--max-body-bytes', String(8 * MIB)],
    start: async () => {
      let record;
      const target = await proxied({
        edit: ({ res, url }) => {
          if (url.pathname !== '/requests/v3' || record === undefined) return false;
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write('{"requests":[');
          stream(res, 10_000 * record.length, record, undefined, true);
          return true;
        },
      });
      const sample = await (await fetch(`${target.url}/requests/v3?limit=1`, { headers: { 'x-api-key': KEY } })).json();
      record = Buffer.from(`${JSON.stringify(sample.requests[0])},`);
      return target;
    },
  },
  {
    name: 'a redirect loop',
    exit: 4,
    cause: /more than 5 redirects/,
    seconds: 10,
    start: () => listen((req, res) => withBody(req, () => (res.writeHead(302, { location: `/loop/${Math.random()}` }), res.end()))),
  },
  {
    name: 'a redirect to another origin',
    exit: 1,
    cause: /401|x-api-key|unauthori[sz]ed/i,
    seconds: 60,
    start: async () => {
      const seen = [];
      const other = await proxied({
        edit: ({ req }) => {
          seen.push({ ...req.headers });
          return false;
        },
      });
      const front = await listen((req, res) => withBody(req, () => (res.writeHead(307, { location: `${other.url}${req.url}` }), res.end())));
      return {
        url: front.url,
        close: async () => {
          await front.close();
          await other.close();
        },
        /** What the other origin received: never the key nor the gateway header. */
        leakedTo: () => seen.filter((h) => h['x-api-key'] !== undefined || h[GATEWAY_HEADER] !== undefined).length,
      };
    },
  },
  {
    name: '500s everywhere',
    exit: 1,
    cause: /500/,
    seconds: 30,
    start: () => listen((req, res) => withBody(req, () => json(res, 500, { message: 'internal error', errorCode: 'INTERNAL' }))),
  },
  {
    name: '429 then OK',
    exit: 0,
    cause: /PASSED/,
    seconds: 60,
    start: () => {
      let n = 0;
      return proxied({ edit: ({ res }) => (n++ < 3 ? (json(res, 429, { message: 'slow down', errorCode: 'RATE_LIMITED' }, { 'retry-after': '1' }), true) : false) });
    },
  },
  {
    name: '429 forever',
    exit: 5,
    cause: /inconclusive: .*429/,
    seconds: 20,
    start: () => listen((req, res) => withBody(req, () => json(res, 429, { message: 'slow down', errorCode: 'RATE_LIMITED' }, { 'retry-after': '0' }))),
  },
  {
    name: '503 with Retry-After: 3600',
    exit: 5,
    cause: /inconclusive: .*503 with Retry-After 3600 s/,
    seconds: 10,
    start: () => listen((req, res) => withBody(req, () => json(res, 503, { message: 'maintenance', errorCode: 'UNAVAILABLE' }, { 'retry-after': '3600' }))),
  },
  {
    name: 'a gzip bomb (1 MB inflating to 1 GiB)',
    exit: 1,
    cause: /response body over --max-body-bytes/,
    seconds: 30,
    // Up to 16 checks inflate a bomb each at once (2 MiB apiece before the cut), in the process
    // that also serves them: on a loaded two-core machine an answer can pass the battery's 400 ms,
    // and a timeout is then the kit's own load, not what this scenario is about.
    args: ['--timeout-ms', '5000'],
    start: () =>
      listen((req, res) =>
        withBody(req, () => {
          res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
          res.end(gzipBombBody());
        }),
      ),
  },
  {
    name: 'a brotli bomb (inflating to 256 MiB)',
    exit: 1,
    cause: /response body over --max-body-bytes/,
    seconds: 30,
    // Up to 16 checks inflate a bomb each at once (2 MiB apiece before the cut), in the process
    // that also serves them: on a loaded two-core machine an answer can pass the battery's 400 ms,
    // and a timeout is then the kit's own load, not what this scenario is about.
    args: ['--timeout-ms', '5000'],
    start: async () => {
      const body = await brotliBombBody();
      return listen((req, res) =>
        withBody(req, () => {
          res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'br' });
          res.end(body);
        }),
      );
    },
  },
  {
    name: 'a cursor cycle',
    exit: 1,
    cause: /cursor|continuation/i,
    seconds: 60,
    start: () => {
      const first = new Set();
      const parent = new Map();
      return proxied({
        rewrite: (url, status, body) => {
          if (url.pathname !== '/requests/v3' || status !== 200 || typeof body.continuation !== 'string') return undefined;
          const asked = url.searchParams.get('continuation');
          if (asked === null) first.add(body.continuation);
          else if (first.has(asked)) parent.set(body.continuation, asked);
          else if (parent.has(asked)) return { ...body, continuation: parent.get(asked) };
          return undefined;
        },
      });
    },
  },
  {
    name: 'an endless chain of fresh cursors',
    exit: 1,
    cause: /cursor|continuation|duplicate|repeated|again/i,
    seconds: 60,
    start: () => {
      let n = 0;
      return proxied({
        edit: ({ req, url }) => {
          if (url.pathname === '/requests/v3' && url.searchParams.get('continuation')?.startsWith('fresh-')) {
            url.searchParams.delete('continuation');
            req.url = `${url.pathname}?${url.searchParams}`;
          }
          return false;
        },
        rewrite: (url, status, body) => (url.pathname === '/requests/v3' && status === 200 && Array.isArray(body.requests) && body.requests.length > 0 ? { ...body, continuation: `fresh-${(n += 1)}` } : undefined),
      });
    },
  },
  {
    name: 'a refused connection',
    exit: 4,
    cause: /ECONNREFUSED/,
    seconds: 10,
    start: async () => {
      const probe = createNetServer();
      await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
      const port = probe.address().port;
      await new Promise((resolve) => probe.close(resolve));
      return { url: `http://127.0.0.1:${port}`, close: async () => undefined };
    },
  },
  {
    name: 'an unresolvable host',
    exit: 4,
    cause: /ENOTFOUND|EAI_AGAIN|getaddrinfo/,
    seconds: 15,
    start: async () => ({ url: 'http://hostile-battery.invalid', close: async () => undefined }),
  },
  {
    name: 'the key echoed back in every encoding',
    // GET /requests/v3 answers 401 with the key while keyless POST /currencies/v2 answers: a refused key.
    exit: 2,
    cause: /KEY REFUSED \(exit 2\): the server refused --api-key \(401\)/,
    seconds: 60,
    start: () =>
      listen((req, res) =>
        withBody(req, () => {
          const secrets = [req.headers['x-api-key'], req.headers[GATEWAY_HEADER]].filter((s) => typeof s === 'string');
          const echoed = secrets.map(keyEncodings);
          const url = new URL(`http://x${req.url ?? '/'}`);
          const nameHeaders = Object.fromEntries(secrets.map((s, i) => [`x-echo-${i}-${s}`, 'name']));
          const valueHeaders = Object.fromEntries(echoed.flatMap((e, i) => Object.entries(e).map(([k, v]) => [`x-echo-${i}-${k}`, v])));
          if (!url.searchParams.has('landed') && url.pathname === '/requests/v3') {
            const k = echoed[0] ?? {};
            res.writeHead(302, { location: `/requests/v3?landed=1&k=${k.urlEncoded}&b=${k.base64}&raw=${k.raw}`, ...nameHeaders });
            return res.end();
          }
          const status = url.pathname === '/currencies/v2' ? 200 : 401;
          const body = { message: `bad key ${echoed.map((e) => Object.values(e).join(' ')).join(' ')}`, errorCode: 'UNAUTHORIZED', echoed, json: JSON.stringify(secrets) };
          json(res, status, status === 200 ? [body] : body, { ...nameHeaders, ...valueHeaders, 'www-authenticate': `Basic ${echoed[0]?.base64InBasic ?? ''}` });
        }),
      ),
  },
  {
    name: 'only the list operation misbehaves (hangs)',
    exit: 1,
    cause: /the target gave no answer/,
    seconds: 90,
    args: ['--timeout-ms', '250'],
    start: () => proxied({ edit: ({ url }) => url.pathname === '/requests/v3' }),
  },
  {
    // the run records the cause once, skips the operation's checks and goes on with the
    // rest (it ran over 4 minutes, every check waiting out its own timeout). The verdict is judged,
    // not the wall time (that is in bench/conformance/hostile.mjs); the bound is the 2 minutes.
    name: 'only GET /requests/v3 stalls after its headers, the rest answers',
    ...STALLED_V3,
    start: () => proxied({ edit: ({ req, res, url }) => req.method === 'GET' && url.pathname === '/requests/v3' && (res.writeHead(200, { 'content-type': 'application/json' }), res.flushHeaders(), true) }),
  },
  {
    name: 'only GET /requests/v3 drips one byte a second, the rest answers',
    ...STALLED_V3,
    start: () =>
      proxied({
        edit: ({ req, res, url }) => {
          if (req.method !== 'GET' || url.pathname !== '/requests/v3') return false;
          res.writeHead(200, { 'content-type': 'application/json' });
          const timer = setInterval(() => res.write(' '), 1000);
          res.on('close', () => clearInterval(timer));
          return true;
        },
      }),
  },
  {
    name: 'a very slow but correct server (budget spent)',
    exit: 5,
    cause: /budget: .*--max-duration/,
    seconds: 15,
    args: ['--max-duration', '4s', '--timeout-ms', '2000'],
    start: () => proxied().then(slowDown),
  },
];

/** Puts a 150 ms delay in front of a proxied target. */
async function slowDown(target) {
  const upstream = new URL(target.url);
  const front = await listen((req, res) =>
    withBody(req, (body) =>
      setTimeout(() => {
        const up = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (upRes) => {
          res.writeHead(upRes.statusCode ?? 502, upRes.headers);
          upRes.pipe(res);
        });
        up.on('error', () => json(res, 502, { message: 'upstream failed' }));
        up.end(body);
      }, 150),
    ),
  );
  return { url: front.url, close: async () => { await front.close(); await target.close(); } };
}
