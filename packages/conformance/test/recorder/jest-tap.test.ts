/**
 * The jest tap with a fake environment: a mocker written as jest-mock 29 and 30 write theirs (each
 * mock's state object put in a `WeakMap` when the mock is made and again after a clear; a clear of
 * all mocks replaces the whole map; mocks named or not) runs in a realm of its own (a vm context),
 * as jest-mock runs outside the test's vm context. The installer finds that realm's
 * `WeakMap.prototype` through the mocker's own function and taps its `set`: every mock's calls
 * are read, none lost to a clear, and the tap comes off.
 */
import { createContext, runInContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ApiRecorder, tapMockStates } from '../../src/recorder/index.js';
import { mockerWeakMapPrototype } from '../../src/recorder/jest.js';
import { BASE, BROKEN, CHECK, GOOD, NOW } from './support.js';

/** The parts of jest-mock's ModuleMocker the tap relies on, in the words of its source. */
const MOCKER = `
class ModuleMocker {
  constructor() { this._mockState = new WeakMap(); }
  _defaultMockState() { return { calls: [], contexts: [], instances: [], invocationCallOrder: [], results: [] }; }
  _ensureMockState(f) {
    let state = this._mockState.get(f);
    if (!state) { state = this._defaultMockState(); this._mockState.set(f, state); }
    return state;
  }
  fn(implementation) {
    const mocker = this;
    const f = function (...args) {
      const state = mocker._ensureMockState(f);
      state.calls.push(args);
      const result = { type: 'incomplete', value: undefined };
      state.results.push(result);
      const impl = f._impl;
      const value = impl ? impl.apply(this, args) : undefined;
      result.type = 'return';
      result.value = value;
      return value;
    };
    f._isMockFunction = true;
    this._mockState.set(f, this._defaultMockState());
    Object.defineProperty(f, 'mock', { get: () => this._ensureMockState(f) });
    f.mockClear = () => { this._mockState.delete(f); return f; };
    f.mockResolvedValue = (v) => { f._impl = () => Promise.resolve(v); return f; };
    f.mockImplementation = (impl) => { f._impl = impl; return f; };
    if (implementation) f._impl = implementation;
    return f;
  }
  clearAllMocks() { this._mockState = new WeakMap(); }
}
const mocker = new ModuleMocker();
({ fn: mocker.fn.bind(mocker), clearAllMocks: () => mocker.clearAllMocks() });
`;

interface FakeJest {
  fn: (impl?: (...args: unknown[]) => unknown) => ((...args: unknown[]) => unknown) & { mockResolvedValue: (v: unknown) => unknown; mockClear: () => unknown; mock: { calls: unknown[][] } };
  clearAllMocks: () => void;
}

/** jest's outer realm: the mocker made there, its functions of that realm. */
function outerJest(): FakeJest {
  return runInContext(MOCKER, createContext({})) as FakeJest;
}

describe('the realm of jest-mock', () => {
  it("is found through jest's own function: that realm's WeakMap.prototype, not this one's", () => {
    const jest = outerJest();
    const proto = mockerWeakMapPrototype([jest.fn]);
    expect(proto).not.toBe(WeakMap.prototype);
    expect(Object.getOwnPropertyNames(proto)).toContain('set');
    expect(mockerWeakMapPrototype([() => undefined])).toBe(WeakMap.prototype);
    expect(mockerWeakMapPrototype([undefined])).toBe(WeakMap.prototype);
  });
});

describe('the tap on its states', () => {
  it('reads unnamed and automock-style mocks called fetch-style and with a path, across clears; untapped, it sees nothing more', async () => {
    const jest = outerJest();
    const untap = tapMockStates(mockerWeakMapPrototype([jest.fn]));
    const recorder = new ApiRecorder({ now: NOW, baseUrl: BASE });
    try {
      // jest.mock('./fetchHelper') + mockResolvedValue({ json: async () => body }).
      const fetchHelper = jest.fn();
      fetchHelper.mockResolvedValue({ json: async () => BROKEN });
      await fetchHelper(`${BASE}/intents/status?requestId=0x1`);
      // A service's get in a jest.mock factory, called with the path.
      const get = jest.fn(async () => ({ data: GOOD, status: 200 }));
      await get('/intents/status', { params: { requestId: '0x2' } });
      // clearMocks / resetMocks: the whole map replaced before the harvest; and one mock cleared.
      jest.clearAllMocks();
      fetchHelper.mockClear();
      expect(fetchHelper.mock.calls).toEqual([]);
      await fetchHelper(`${BASE}/intents/status?requestId=0x3`);
      await recorder.harvest();
      expect(recorder.size).toBe(3);
      const audit = await recorder.audit();
      expect(audit.result.outcomes.find((o) => o.id === CHECK)?.status).toBe('fail');
      expect(audit.result.outcomes.find((o) => o.id === CHECK)?.reason).toMatch(/^2 of 3 exchanges violate it/);
    } finally {
      recorder.uninstall();
      untap();
    }
    const after = new ApiRecorder({ now: NOW, baseUrl: BASE });
    const late = jest.fn(async () => Response.json(BROKEN));
    await late(`${BASE}/intents/status?requestId=0x4`);
    await after.harvest();
    after.uninstall();
    expect(after.size).toBe(0);
  });

  it('is put once, and sets as before (other keys and values untouched)', () => {
    const jest = outerJest();
    const proto = mockerWeakMapPrototype([jest.fn]) as { set: unknown };
    const original = proto.set;
    const untap = tapMockStates(proto);
    const again = tapMockStates(proto);
    expect(proto.set).not.toBe(original);
    const W = (Object.getPrototypeOf(jest.fn) as { constructor: (s: string) => () => new () => WeakMap<object, unknown> }).constructor('return WeakMap')();
    const map = new W();
    const key = {};
    expect(map.set(key, 1)).toBe(map);
    expect(map.get(key)).toBe(1);
    again();
    untap();
    expect(proto.set).toBe(original);
  });
});
