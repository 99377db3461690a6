/**
 * A deliberately fast target for the throughput benchmark (peers.md §4: a small node:http server
 * answering list/get operations): on loopback it answers, with bodies prepared once,
 * - GET /requests/v3: the 50-record page of the reference server cut to the request's `limit`
 *   (1..50 records);
 * - POST /currencies/v2: the reference server's default currencies answer (20 currencies);
 * - GET /intents/status: the reference server's status record of a request;
 * anything else a 404. Run as a child process: `node fast-target.mjs <samples.json>` (a JSON file
 * `{ page, currencies, intentStatus }` of response bodies); prints `listening on <url>` as its
 * first line and, when its stdin closes, `served <n>` on stderr, then exits (so it never outlives
 * the benchmark).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const file = process.argv[2];
if (!file) {
  console.error('usage: node fast-target.mjs <file holding {page, currencies, intentStatus}>');
  process.exit(2);
}
const samples = JSON.parse(readFileSync(file, 'utf8'));
const page = samples.page;
const pageBodies = new Map();
function pageBody(limit) {
  let body = pageBodies.get(limit);
  if (!body) {
    body = Buffer.from(JSON.stringify({ ...page, requests: page.requests.slice(0, limit) }));
    pageBodies.set(limit, body);
  }
  return body;
}
const currenciesBody = Buffer.from(JSON.stringify(samples.currencies));
const intentStatusBody = Buffer.from(JSON.stringify(samples.intentStatus));
const notFound = Buffer.from('{"message":"not found"}');

let served = 0;
const server = createServer((req, res) => {
  served += 1;
  req.resume();
  const url = new URL(req.url ?? '/', 'http://x');
  let body = notFound;
  let status = 200;
  if (req.method === 'GET' && url.pathname === '/requests/v3') {
    const limit = Number(url.searchParams.get('limit') ?? 50);
    body = pageBody(Number.isInteger(limit) && limit >= 1 && limit <= page.requests.length ? limit : page.requests.length);
  } else if (req.method === 'POST' && url.pathname === '/currencies/v2') {
    body = currenciesBody;
  } else if (req.method === 'GET' && url.pathname === '/intents/status') {
    body = intentStatusBody;
  } else {
    status = 404;
  }
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  process.stdout.write(`listening on http://127.0.0.1:${port}\n`);
});
process.stdin.resume();
process.stdin.on('end', () => {
  process.stderr.write(`served ${served}\n`);
  server.close();
  process.exit(0);
});
