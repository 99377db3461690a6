/** Public API of the reference server (ARCHITECTURE.md, "Interfaces that other tools rely on"). */
export { startMockServer, generateDataset, type MockServer, type MockServerOptions, type MockOptions, type MockControls, type GenerateDatasetOptions } from './mock-server.js';
export { createMockHandler, type MockHandler, type MockHandlerOptions } from './fetch-handler.js';
export { faultCatalogue, type FaultInfo, type FaultName } from './faults.js';
export type { StatusChange } from './lifecycle/lifecycle.js';
export { variantCatalogue, profileVariants, PROFILES, type VariantInfo, type Allowance, type Profile } from './variants/catalogue.js';
export { main } from './cli.js';
export type { Dataset } from './data/dataset.js';
export type { Row } from './data/row.js';
export { API_KEYS, CHAINS, CURRENCIES } from './data/catalogue.js';
export { DataFileError, parseNdjson } from './data/ndjson.js';
