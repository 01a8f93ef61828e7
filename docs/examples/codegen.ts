// GraphQL Code Generator for a client of the contract (docs/client-kits.md): the operation types of the
// documents in src/, with Date and DateTime typed as the strings they are on the wire.
// npm install --save-dev @graphql-codegen/cli@6 @graphql-codegen/typescript-operations@6. Run with: npx graphql-codegen
import type { CodegenConfig } from '@graphql-codegen/cli';
import { codegenScalars } from 'rm-api-harness/client';

const config: CodegenConfig = {
  // The revision your client targets, as the package ships it (or the simulator's URL, see the page).
  schema: 'node_modules/rm-api-harness/contracts/1.4.0/schema.graphql',
  documents: ['src/**/*.graphql'],
  generates: {
    'src/graphql.ts': {
      // typescript-operations 6 writes the input types it needs itself: no `typescript` plugin beside it.
      plugins: ['typescript-operations'],
      config: { scalars: codegenScalars, strictScalars: true, nonOptionalTypename: true },
    },
  },
};

export default config;
