/* eslint-disable */
// Generated from contracts/<version>/schema.graphql by `npm run contracts`. Do not edit.
import type { Version } from './versions.js';

/** Apollo Client `possibleTypes` of each contract revision: every interface and union with its object types. */
export const possibleTypes: Readonly<Record<Version, Record<string, string[]>>> = {
  "1.4.0": {
    "ActivityContact": [
      "ActivityCompany",
      "ActivityPerson",
      "ActivityUnknown"
    ],
    "Contact": [
      "Company",
      "Person"
    ]
  },
  "1.2.0": {
    "ActivityContact": [
      "ActivityCompany",
      "ActivityPerson",
      "ActivityUnknown"
    ],
    "Contact": [
      "Company",
      "Person"
    ]
  }
};
