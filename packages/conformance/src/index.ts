/**
 * @crosschain/conformance: checks that a server keeps the cross-chain settlement API contract.
 * `runConformance(options)` is the library entry; the CLI and the vitest adapter drive it.
 */
export { runConformance, normalizeOptions, matches } from './run/runner.js';
export type { RunOptions } from './run/runner.js';
export { replayCommand, exitCodeOf } from './engine/outcome.js';
export type { ClauseEntry } from './engine/clause-matrix.js';
export { ConfigError, FIELDS } from './config/fields.js';
export type { ConformanceConfig } from './config/fields.js';
export { DEFAULTS } from './config/defaults.js';
export { redactConfig } from './config/redact.js';
export { resolveConfig } from './config/resolve.js';
export { allChecks } from './checks/index.js';
export { ViolationError, violate, ensure, brief } from './contract/expect.js';
export { TargetUnreachableError, BudgetExceededError, EXIT } from './contract/types.js';
export type * from './contract/types.js';
export type { RunEvent, RunEventListener } from './engine/events.js';
export { createAgentFetch } from './engine/agent-fetch.js';
export type { AgentFetch } from './engine/agent-fetch.js';
export { BodyTooLargeError, FetchHttpClient, MAX_REDIRECTS, RateLimitedError } from './engine/http.js';
export type { FetchLike, HttpClientOptions } from './engine/http.js';
export { ResponseValidator } from './contract/validator.js';
export type { OpenApiDocument, SchemaVerdict } from './contract/validator.js';
export * from './reporters/index.js';
export { startProxy, VIOLATIONS_HEADER, type ProxyOptions, type RunningProxy } from './passive/proxy.js';
export { PassiveAuditor, type Finding } from './oracles/auditor.js';
export { readHar, HarError } from './passive/har.js';
export type { ObservedExchange } from './oracles/observed.js';
export { matchesAny, patternMatches, selectChecks } from './engine/selection.js';
export { applyBaseline, baselineOf, baselineSchema, parseBaseline, readBaseline, renderBaseline } from './baseline/baseline.js';
export type { Baseline, BaselineEntry } from './baseline/baseline.js';
export { HarWriter, harEntry } from './har/har.js';
export type { HarCreator, HarEntry, Har } from './har/har.js';
export { assignShards, shardOf } from './shard/shard.js';
export { mergeResults, runResultOf } from './shard/merge.js';
export { replayFailures } from './replay/replay.js';
export type { ReplayVerdict } from './replay/replay.js';
export { configJsonSchema } from './config/schema.js';
