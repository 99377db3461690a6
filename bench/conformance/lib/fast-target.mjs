/**
 * A deliberately fast target for the throughput benchmark: a node:http server on loopback that
 * answers every request with the same valid GET /requests/v3 page, cut to the request's `limit`
 * (1..50 records; bodies prepared once). Run as a child process: `node fast-target.mjs <page-file>`
 * (a 50-record page); prints `listening on <url>` as its first line and exits when its stdin
 * closes (so it never outlives the benchmark).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const file = process.argv[2];
if (!file) {
  console.error('usage: node fast-target.mjs <file holding the response body>');
  process.exit(2);
}
const page = JSON.parse(readFileSync(file, 'utf8'));
const bodies = new Map();
function bodyFor(limit) {
  let body = bodies.get(limit);
  if (!body) {
    body = Buffer.from(JSON.stringify({ ...page, requests: page.requests.slice(0, limit) }));
    bodies.set(limit, body);
  }
  return body;
}
let served = 0;
const server = createServer((req, res) => {
  served += 1;
  req.resume();
  const limit = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('limit') ?? 50);
  const body = bodyFor(Number.isInteger(limit) && limit >= 1 && limit <= page.requests.length ? limit : page.requests.length);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  process.stdout.write(`listening on http://127.0.0.1:${port}\n`);
});
process.stdin.resume();
process.stdin.on('end', () => {
  process.stderr.write(`fast target served ${served} requests\n`);
  server.close();
  process.exit(0);
});
