// Apollo Client against the simulator, with the contract's possibleTypes from the client kit (docs/client-kits.md).
// npm install --save-dev ./rm-api-harness-<version>.tgz @apollo/client@4 rxjs@7. Run with: node apollo-client.mjs
import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client';
import { startSimulator } from 'rm-api-harness';
import { possibleTypes } from 'rm-api-harness/client';

const CONTACT_CORE = gql`
  fragment ContactCore on Contact {
    id
    displayName
    tags
    relationshipScore {
      strength
    }
  }
`;
const CONTACTS = gql`
  query Contacts {
    searchFirmContacts(limit: 3) {
      models {
        ...ContactCore
        ... on Person {
          firstName
        }
      }
    }
  }
  ${CONTACT_CORE}
`;
const TAG_PERSON = gql`
  mutation TagPerson($input: UpdatePublicPersonInput!) {
    updatePublicPerson(input: $input) {
      item {
        ...ContactCore
      }
    }
  }
  ${CONTACT_CORE}
`;

const sim = await startSimulator(); // 127.0.0.1, a free port, stores in memory
const client = new ApolloClient({
  link: new HttpLink({
    uri: sim.graphqlUrl('us', '1.4.0'),
    headers: { authorization: `Bearer ${sim.tenants[0].token}` },
  }),
  cache: new InMemoryCache({ possibleTypes: possibleTypes['1.4.0'] }),
});

const { data } = await client.query({ query: CONTACTS });
const person = data.searchFirmContacts.models.find((contact) => contact.__typename === 'Person');
await client.mutate({ mutation: TAG_PERSON, variables: { input: { id: person.id, tags: ['Key Client'] } } });
const cached = client.cache.readFragment({
  id: client.cache.identify(person),
  fragment: CONTACT_CORE,
});
console.log(`${cached.__typename} tags in the cache: ${cached.tags.join(', ')}`);
client.stop();
await sim.stop();
