/**
 * A lean closed-loop HTTP/1.1 load generator for bench/passive (a library, not a benchmark:
 * `bench/run-all.mjs` runs only `bench/<area>/*.mjs`).
 *
 * Why not autocannon for the throughput cases: on the bench's two cores the load generator shares
 * the CPU with the proxy it measures and with the upstream server, and autocannon spent 45 to 60 µs
 * of CPU per request there (`/proc/<pid>/stat`), about half of what the kit's proxy spends. Every
 * microsecond the generator takes is one the faster proxy cannot use, while Prism, which needs
 * over a millisecond per exchange, does not notice: the generator's weight shrinks exactly the
 * ratio the bench exists to measure. This one does what wrk does and no more: each connection
 * sends pre-built request bytes (its own rotation of the paths), one request in flight, the next
 * as soon as the answer has been read whole (http-parser-js, the kit's own parser dependency), and
 * counts answers, non-2xx answers and errors. It prints its own CPU per request beside the figures.
 *
 * Bounded: it stops sending at `duration` and destroys whatever is still open 5 s later; a
 * connection the target closes or breaks is counted as an error and opened again (at most once per
 * 10 ms, so a target that refuses every connection does not spin).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const CONFORMANCE = resolve(dirname(fileURLToPath(import.meta.url)), '../../../packages/conformance/package.json');
const { HTTPParser } = createRequire(CONFORMANCE)('http-parser-js');

const GRACE_MS = 5_000;
const RECONNECT_MS = 10;

/**
 * Runs `connections` keep-alive connections against `url`'s origin for `duration` seconds, each
 * cycling over its own rotation of `paths` (connection k starts at path k × paths/connections, so
 * that at any moment the connections ask for different requests). Resolves with
 * `{ requests: { average, total }, non2xx, errors, cpuUsPerRequest }`. With `positions` (an array,
 * one entry per connection), connection k starts where that array says and leaves there where it
 * stopped, so that runs in slices go on along the same rotations.
 */
export function load(url, { paths, connections = 8, duration = 10, headers = {}, positions }) {
  const u = new URL(url);
  const list = paths && paths.length > 0 ? paths : [`${u.pathname}${u.search}`];
  const extra = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const bytes = list.map((p) => Buffer.from(`GET ${p} HTTP/1.1\r\nHost: ${u.host}\r\n${extra}\r\n`, 'latin1'));
  const step = Math.floor(bytes.length / connections);
  let total = 0;
  let non2xx = 0;
  let errors = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const end = t0 + duration * 1000;
  const sockets = new Set();

  return new Promise((done) => {
    let open = connections;
    const finish = () => {
      const secs = (performance.now() - t0) / 1000;
      const cpu = process.cpuUsage(cpu0);
      done({ requests: { average: total / secs, total }, non2xx, errors, cpuUsPerRequest: total > 0 ? (cpu.user + cpu.system) / total : undefined });
    };
    const killer = setTimeout(() => {
      for (const s of sockets) s.destroy();
    }, duration * 1000 + GRACE_MS);

    const run = (k) => {
      let i = positions?.[k] ?? k * step;
      let inFlight = false;
      const next = (s) => {
        inFlight = true;
        s.write(bytes[i++ % bytes.length]);
        if (positions) positions[k] = i;
      };
      const start = () => {
        const s = connect({ host: u.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(u.port || 80) });
        sockets.add(s);
        s.setNoDelay(true);
        const parser = new HTTPParser(HTTPParser.RESPONSE);
        parser[HTTPParser.kOnHeadersComplete] = (info) => {
          if (info.statusCode < 200 || info.statusCode > 299) non2xx += 1;
          return 0;
        };
        parser[HTTPParser.kOnBody] = () => undefined;
        parser[HTTPParser.kOnMessageComplete] = () => {
          inFlight = false;
          total += 1;
          if (performance.now() >= end) s.end();
          else next(s);
        };
        s.on('connect', () => next(s));
        s.on('data', (chunk) => {
          if (parser.execute(chunk) instanceof Error) {
            errors += 1;
            s.destroy();
          }
        });
        s.on('error', () => {
          // A refused or failed connection; an answer cut off is counted on close.
          if (!inFlight) errors += 1;
        });
        s.on('close', () => {
          sockets.delete(s);
          if (inFlight) errors += 1;
          inFlight = false;
          if (performance.now() < end) setTimeout(start, RECONNECT_MS);
          else if (--open === 0) {
            clearTimeout(killer);
            finish();
          }
        });
      };
      start();
    };
    for (let k = 0; k < connections; k++) run(k);
  });
}

/** The paths of `GET /intents/status` for `n` different requests of the server at `baseUrl` (read from its v3 listing). */
export async function statusPaths(baseUrl, n, headers) {
  const ids = [];
  for (let cursor; ids.length < n; ) {
    const page = await (await fetch(`${baseUrl}/requests/v3?limit=50${cursor ? `&continuation=${encodeURIComponent(cursor)}` : ''}`, { headers })).json();
    ids.push(...page.requests.map((r) => r.id));
    cursor = page.continuation;
    if (!cursor) break;
  }
  return ids.slice(0, n).map((x) => `/intents/status?requestId=${x}`);
}

/** CPU time (µs) of a process and its descendants so far (Linux /proc; undefined elsewhere). */
export function cpuOfTree(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    let us = ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
    for (const task of readdirSync(`/proc/${pid}/task`))
      for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) us += cpuOfTree(Number(child)) ?? 0;
    return us;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/**
 * Proxies (`{ name: { url, pid } }`) measured side by side with {@link load}: a warm-up of
 * `warmupS` seconds each (not counted), then `rounds` rounds of `opts.duration / rounds` seconds
 * each, the order alternating from round to round, so that a drift of the shared machine's speed
 * weighs on all alike. Each proxy's connections go on along their rotations from the warm-up
 * through every slice (never back to a request it answered a moment ago). Resolves with, per
 * proxy, its figures summed over its slices: `{ requests: { average, total }, non2xx, errors,
 * cpuUs` (the CPU its process tree spent per exchange) `, cpuUsPerRequest` (the generator's)
 * `, watched }`, where `watched` gives the CPU per exchange of each process of `watch`
 * (`{ name: pid }`, e.g. the upstream server) during that proxy's slices.
 */
export async function sideBySide(proxies, opts, { rounds = 3, warmupS = 2, watch = {} } = {}) {
  const names = Object.keys(proxies);
  const positions = Object.fromEntries(names.map((n) => [n, []]));
  for (const name of names) await load(proxies[name].url, { ...opts, duration: Math.min(warmupS, opts.duration), positions: positions[name] });
  const pids = { self: undefined, ...watch };
  const sums = Object.fromEntries(names.map((n) => [n, { total: 0, seconds: 0, non2xx: 0, errors: 0, genUs: 0, cpu: Object.fromEntries(Object.keys(pids).map((k) => [k, 0])), known: new Set(Object.keys(pids)) }]));
  const slice = opts.duration / rounds;
  for (let round = 0; round < rounds; round++) {
    for (const name of round % 2 === 0 ? names : [...names].reverse()) {
      const which = { ...pids, self: proxies[name].pid };
      const before = Object.fromEntries(Object.entries(which).map(([k, pid]) => [k, cpuOfTree(pid)]));
      const r = await load(proxies[name].url, { ...opts, duration: slice, positions: positions[name] });
      const s = sums[name];
      for (const [k, pid] of Object.entries(which)) {
        const after = cpuOfTree(pid);
        if (before[k] === undefined || after === undefined) s.known.delete(k);
        else s.cpu[k] += after - before[k];
      }
      s.total += r.requests.total;
      s.seconds += r.requests.total / Math.max(r.requests.average, 1e-9);
      s.non2xx += r.non2xx;
      s.errors += r.errors;
      s.genUs += (r.cpuUsPerRequest ?? 0) * r.requests.total;
    }
  }
  return Object.fromEntries(
    names.map((n) => {
      const s = sums[n];
      const per = (k) => (s.known.has(k) && s.total > 0 ? s.cpu[k] / s.total : undefined);
      return [
        n,
        {
          requests: { average: s.total / s.seconds, total: s.total },
          non2xx: s.non2xx,
          errors: s.errors,
          ...(per('self') !== undefined ? { cpuUs: per('self') } : {}),
          cpuUsPerRequest: s.total > 0 ? s.genUs / s.total : undefined,
          watched: Object.fromEntries(Object.keys(watch).map((k) => [k, per(k)])),
        },
      ];
    }),
  );
}
