import { HOLDOUT10 } from '../../../scripts/mutation/holdout10.js';
import { SETS } from '../../../scripts/mutation/sets.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import { describeHeldOutSet, gql, type Probe } from '../../helpers/mutant-client.js';

const LIMITED = { token: DEV_TOKENS.limited };

/**
 * For each mutant of the tenth held-out set, a request sequence whose observation differs between the
 * correct server and the mutant: proof that the mutant ships a regression at all.
 */
const PROBES: Record<string, Probe> = {
  'holdout10.paging.initiatives-skip-ignored': async (s) =>
    (await gql(s, '{ initiatives(skip: 1, limit: 2) { models { id } } }')).body?.data,
  'holdout10.paging.lists-limit-ignored': async (s) =>
    (await gql(s, '{ lists(limit: 2) { models { id } } }')).body?.data,
  'holdout10.sort.initiatives-name-as-end-date': async (s) =>
    (await gql(s, '{ initiatives(limit: 20, sort: [{ field: name }]) { models { id } } }')).body?.data,
  'holdout10.null.person-current-job-title': async (s) =>
    (await gql(s, '{ searchFirmContacts(limit: 50) { models { ... on Person { currentJobTitle } } } }')).body
      ?.data,
  'holdout10.versions.target-person-connections-missing': async (s) =>
    (
      await gql(
        s,
        '{ targetPersonConnections(input: { targetPersonId: "no-such-person", fetchControl: All }) { totalModels } }',
      )
    ).body,
  'holdout10.tenancy.limited-objectives-full': async (s) =>
    (await gql(s, '{ objectives(limit: 5) { models { id } } }', {}, LIMITED)).body?.data,
};

describeHeldOutSet(
  'the tenth held-out mutant set',
  HOLDOUT10,
  'holdout10.',
  SETS.all.filter((m) => !m.id.startsWith('holdout10.')).map((m) => m.id),
  PROBES,
);
