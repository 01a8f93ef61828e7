/**
 * The request pipeline, without HTTP: parse, limits, validation, execution, error shaping. The express
 * route and the in-process API both run requests through it; nothing here knows about HTTP.
 */
export { RequestPipeline } from './pipeline.js';
export type { PipelineOptions } from './pipeline.js';
export { DEFAULT_CACHE_BOUNDS } from './document-cache.js';
export type { DocumentCacheBounds } from './document-cache.js';
export { executedRetryAfter, maskInternal, storeUnavailable, STORE_RETRY_AFTER_SECONDS } from './errors.js';
export { DEFAULT_ENGINE, ENGINES, isEngine } from './engine.js';
export type { Engine, ExecuteFn } from './engine.js';
export { documentNesting, MAX_NESTING } from './nesting.js';
export type { Nesting } from './nesting.js';
