/**
 * The programmatic API of rm-api-harness, for a partner's own test suites: the simulator in-process
 * (with or without HTTP), a conformance check, and a check of GraphQL documents.
 */
export {
  createSimulator,
  startSimulator,
  type Engine,
  type EventRetention,
  VerificationError,
  type ExecuteOptions,
  type FaultConfig,
  type FaultRule,
  type HttpSimulator,
  type HttpSimulatorSetup,
  type InMemorySimulator,
  type InProcessAnswer,
  type InProcessRequest,
  type Limits,
  type NearMiss,
  type RequestPattern,
  type Times,
  type VerifyCheck,
  type VerifyResult,
  type Region,
  type SimulatorHandle,
  type SimulatorSetup,
  type TenantConfig,
  type Version,
} from './simulator.js';
export {
  checkConformance,
  type ConformanceCheck,
  type ConformanceCheckError,
  type ConformanceCheckOptions,
  type RunResult,
} from './conformance.js';
export {
  checkDocuments,
  type DocumentCheck,
  type DocumentCheckOptions,
  type DocumentCheckResult,
  type Finding,
  type OperationCheck,
} from './documents.js';
export { HARNESS_VERSION } from '../contract/harness.js';
export { VERSIONS } from '../contract/versions.js';
