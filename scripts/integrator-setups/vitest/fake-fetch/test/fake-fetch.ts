import { apiRecorder } from '@crosschain/conformance/recorder';

export type Route = {
  method: string;
  match: RegExp;
  reply: { status?: number; body: unknown } | ((url: string) => { status?: number; body: unknown });
};

/** A fetch that answers from a list of routes and keeps the calls it got. */
export function fakeFetch(routes: Route[]) {
  const calls: { method: string; url: string; headers: Record<string, string> }[] = [];
  const impl = async (input: string, init: { method?: string; headers?: Record<string, string> } = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    calls.push({ method, url: input, headers: init.headers ?? {} });
    const route = routes.find((r) => r.method === method && r.match.test(input));
    if (!route) throw new Error(`fakeFetch: no route for ${method} ${input}`);
    const reply = typeof route.reply === 'function' ? route.reply(input) : route.reply;
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  };
  return Object.assign(apiRecorder().wrapFetch(impl), { calls });
}
