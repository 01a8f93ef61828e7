/** Entry point of the `rm-api-harness` package: `import { startSimulator } from 'rm-api-harness'`. */
export * from './api/index.js';
