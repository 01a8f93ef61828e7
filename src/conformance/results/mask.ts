// The reports mask with the project's one secrets module; these names stay for the code that imports them.
export { MASK, maskHeaders, scrubSecrets, secretValues } from '../../secrets/index.js';
