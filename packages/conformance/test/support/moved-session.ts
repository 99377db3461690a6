/**
 * The events probe of a fake run whose websocket session moved the given requests (each from its
 * status before): what the after-change checks read to find the requests that changed.
 */
import type { EventsProbe } from '../../src/contract/types.js';
import type { WsObservation } from '../../src/contract/events.js';

export function movedSession(statusBefore: Readonly<Record<string, string>>): EventsProbe {
  const session: WsObservation = {
    url: 'ws://fake.test/', waitMs: 100, messages: [], dropped: 0, errorProbes: [], driven: true, changedAfterUnsubscribe: [], unsubscribedControls: [], foreign: [], notes: [],
    subscriptions: Object.keys(statusBefore).map((id) => ({ id, sentAfterSeq: 0 })),
    statusBefore: { ...statusBefore },
  };
  return { websocket: () => Promise.resolve(session), webhooks: () => Promise.reject(new Error('unused')), close: () => Promise.resolve() } as unknown as EventsProbe;
}
