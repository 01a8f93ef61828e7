import { HOLDOUT18 } from '../../../scripts/mutation/holdout18.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { SETS } from '../../../scripts/mutation/sets.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import { describeHeldOutSet, gql, linkableList, models, type Probe } from '../../helpers/mutant-client.js';

interface RelType {
  id: string;
  strengthScale: number;
  formerInd: boolean;
  status: string;
  relationshipListingTypes: string[];
}

/** The active person-to-person relationship types of the full tenant. */
async function personTypes(s: MutantServer): Promise<RelType[]> {
  const all = (
    await gql(
      s,
      '{ relationshipTypes(limit: 1000) { id strengthScale formerInd status relationshipListingTypes } }',
    )
  ).body?.data?.relationshipTypes as RelType[];
  return all.filter((t) => t.status === 'Active' && t.relationshipListingTypes.includes('PersonToPerson'));
}

/** A new person of the full tenant: its id. */
async function newPerson(s: MutantServer, firstName: string): Promise<string> {
  const added = await gql(
    s,
    'mutation($f: String!) { addPerson(input: { firstName: $f, lastName: "Eighteen" }) { item { id } } }',
    { f: firstName },
  );
  return added.body?.data?.addPerson?.item?.id as string;
}

/** A new relationship of the API user to a new person, of type `type`: the person's and relationship's ids. */
async function newRelationship(
  s: MutantServer,
  type: RelType,
  strengthLevel = 1,
): Promise<{ contactId: string; relationshipId: unknown }> {
  const contactId = await newPerson(s, 'Related');
  await gql(
    s,
    'mutation($c: ID!, $t: ID!, $l: Int) { addRelationship(input: { contactId: $c, relationshipTypeId: $t, strengthLevel: $l }) { success } }',
    { c: contactId, t: type.id, l: strengthLevel },
  );
  const [event] = await relationshipEvents(s, contactId, 'relationshipId');
  return { contactId, relationshipId: event?.relationshipId };
}

/** The relationship events of a contact (oldest first) with `fields`. */
async function relationshipEvents(s: MutantServer, contactId: string, fields: string) {
  return (
    await gql(
      s,
      `query($c: [ID!]) { relationshipEventViews(filter: { contactIds: $c }) { models { ${fields} } } }`,
      { c: [contactId] },
    )
  ).body?.data?.relationshipEventViews?.models as Record<string, unknown>[];
}

/** Two lists the full tenant may link any contact into. */
async function linkableLists(s: MutantServer): Promise<unknown[]> {
  const lists = (
    await gql(
      s,
      '{ lists(limit: 100) { models { id allowedLinkInto allowedRemoveFrom allowedContactEntity } } }',
    )
  ).body?.data?.lists.models as Record<string, unknown>[];
  return lists
    .filter(
      (l) => l.allowedLinkInto === true && l.allowedRemoveFrom === true && l.allowedContactEntity === 'Any',
    )
    .map((l) => l.id)
    .slice(0, 2);
}

/** A new text field definition on list `l`: its id. */
async function newField(s: MutantServer, l: unknown): Promise<unknown> {
  const added = await gql(
    s,
    'mutation($l: ID!, $n: String!) { addAdditionalFieldDefinition(input: { listId: $l, name: $n, type: text }) { success additionalFieldDefinition { id } } }',
    { l, n: `Eighteenth note ${Math.random().toString(36).slice(2, 8)}` },
  );
  return added.body?.data?.addAdditionalFieldDefinition?.additionalFieldDefinition?.id;
}

/** An objective of the full tenant added now: its id and its ObjectiveCreated eventDate. */
async function newObjective(s: MutantServer, name: string): Promise<{ id: unknown; date: unknown }> {
  const added = await gql(s, 'mutation($n: String!) { addObjective(input: { name: $n }) { item { id } } }', {
    n: name,
  });
  const id: unknown = added.body?.data?.addObjective?.item?.id;
  const read = await gql(
    s,
    'query($o: [ID!]) { objectiveEventViews(filter: { objectiveIds: $o }) { models { eventDate } } }',
    {
      o: [id],
    },
  );
  return { id, date: read.body?.data?.objectiveEventViews?.models?.[0]?.eventDate };
}

/**
 * For each mutant of the eighteenth held-out set, a request sequence whose observation differs between the
 * correct server and the mutant: proof that the mutant ships a regression at all.
 */
const PROBES: Record<string, Probe> = {
  'holdout18.events.relationship-type-name-converse': async (s) =>
    (await gql(s, '{ relationshipEventViews(limit: 30) { models { relationshipTypeName } } }')).body?.data,
  'holdout18.paging.relationship-events-contact-ids-base-only': async (s) => {
    const [first] = await models(
      s,
      'relationshipEventViews',
      '{ relationshipEventViews(limit: 1) { models { relatedContactId } } }',
    );
    return (
      await gql(
        s,
        'query($c: [ID!]) { relationshipEventViews(filter: { contactIds: $c }) { totalModels } }',
        {
          c: [first?.relatedContactId],
        },
      )
    ).body?.data;
  },
  'holdout18.events.relationship-deleted-status-active': async (s) => {
    const [type] = await personTypes(s);
    const r = await newRelationship(s, type!);
    await gql(
      s,
      'mutation($c: ID!, $r: ID) { removeRelationship(input: { contactId: $c, relationshipId: $r }) { success } }',
      { c: r.contactId, r: r.relationshipId },
    );
    return relationshipEvents(s, r.contactId, 'eventType status');
  },
  'holdout18.events.strength-changed-old-level': async (s) => {
    const type = (await personTypes(s)).find((t) => t.strengthScale >= 2);
    const r = await newRelationship(s, type!, 1);
    await gql(
      s,
      'mutation($r: ID!) { editRelationship(input: { relationshipId: $r, strengthLevel: 2 }) { success } }',
      {
        r: r.relationshipId,
      },
    );
    return relationshipEvents(s, r.contactId, 'eventType strengthScale');
  },
  'holdout18.events.anonymous-change-dropped': async (s) => {
    const [type] = await personTypes(s);
    const r = await newRelationship(s, type!);
    await gql(
      s,
      'mutation($r: ID!) { editRelationship(input: { relationshipId: $r, isAnonymous: true }) { success } }',
      {
        r: r.relationshipId,
      },
    );
    return relationshipEvents(s, r.contactId, 'eventType');
  },
  'holdout18.events.list-field-definition-events-dropped': async (s) => {
    const l = await linkableList(s);
    await newField(s, l);
    return (
      await gql(
        s,
        'query($l: [ID!]) { listEventViews(filter: { listIds: $l }) { totalModels models { eventType } } }',
        {
          l: [l],
        },
      )
    ).body?.data;
  },
  'holdout18.events.remove-contact-from-lists-first-list-only': async (s) => {
    const lists = await linkableLists(s);
    const c = await newPerson(s, 'Leaver');
    await gql(
      s,
      'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount } }',
      {
        l: lists,
        c: [c],
      },
    );
    await gql(
      s,
      'mutation($c: ID!, $l: [ID!]!) { removeContactFromLists(input: { contactId: $c, listIds: $l }) { item { successIds } } }',
      { c, l: lists },
    );
    return (
      await gql(
        s,
        'query($l: [ID!]) { listEventViews(filter: { listIds: $l, eventTypes: [ListMemberRemoved] }) { totalModels } }',
        { l: lists },
      )
    ).body?.data;
  },
  'holdout18.events.member-field-values-unrecorded': async (s) => {
    const l = await linkableList(s);
    const f = await newField(s, l);
    const c = await newPerson(s, 'Valued');
    await gql(
      s,
      'mutation($l: [ID!]!, $c: [ID!]!) { addContactsToLists(listIds: $l, contactIds: $c) { successCount } }',
      {
        l: [l],
        c: [c],
      },
    );
    await gql(
      s,
      'mutation($l: ID, $c: ID!, $f: ID!) { updateListContactAdditionalFields(input: { listId: $l, contactId: $c, fields: [{ fieldId: $f, value: "noted" }] }) { models { isSuccessful } } }',
      { l, c, f },
    );
    return (
      await gql(
        s,
        'query($l: [ID!]) { listEventViews(filter: { listIds: $l, eventTypes: [ListUpdated] }) { totalModels } }',
        {
          l: [l],
        },
      )
    ).body?.data;
  },
  'holdout18.versions.1.2.0-list-event-list-ids-unknown': async (s) => {
    const [list] = await models(s, 'lists', '{ lists(limit: 1) { models { id } } }');
    const reply = await gql(
      s,
      'query($l: [ID!]) { listEventViews(filter: { listIds: $l }) { totalModels } }',
      { l: [list?.id] },
      { version: '1.2.0' },
    );
    return [reply.body?.data ?? null, reply.body?.errors?.[0]?.extensions?.code ?? null];
  },
  'holdout18.sort.event-type-ties-newest-first': async (s) =>
    (
      await gql(
        s,
        '{ initiativeEventViews(sort: [{ field: eventType }], limit: 5) { models { eventType eventDate } } }',
      )
    ).body?.data,
  'holdout18.sort.event-type-declaration-order': async (s) =>
    (
      await gql(
        s,
        '{ initiativeEventViews(sort: [{ field: eventType }], limit: 100) { models { eventType } } }',
      )
    ).body?.data,
  'holdout18.dates.event-after-second-precision': async (s) => {
    for (let i = 0; i < 8; i++) {
      const a = await newObjective(s, `Cursor A${i}`);
      const b = await newObjective(s, `Cursor B${i}`);
      if (String(a.date).slice(0, 19) !== String(b.date).slice(0, 19)) continue;
      return (
        await gql(
          s,
          'query($o: [ID!], $d: DateTime) { objectiveEventViews(filter: { objectiveIds: $o, eventDate: { after: $d } }) { totalModels } }',
          { o: [b.id], d: a.date },
        )
      ).body?.data;
    }
    return 'no two writes in one second';
  },
  'holdout18.enums.planning-removal-as-updated': async (s) =>
    (
      await gql(
        s,
        '{ objectiveEventViews(filter: { eventTypes: [ObjectiveDeleted] }) { totalModels models { eventType } } }',
      )
    ).body?.data,
  'holdout18.events.removed-initiative-events-hidden': async (s) =>
    (await gql(s, '{ initiativeEventViews { totalModels } }')).body?.data,
  'holdout18.nullability.removed-objective-event-objective': async (s) =>
    (await gql(s, '{ objectiveEventViews { models { objective { id } } } }')).body?.data,
  'holdout18.validation.can-close-ignores-status': async (s) =>
    (await gql(s, '{ objectives(filter: { statuses: [closed] }) { models { canClose } } }')).body?.data,
  'holdout18.paging.objective-progress-counts-removed': async (s) =>
    (await gql(s, '{ objectives { models { progress } } }')).body?.data,
  'holdout18.sort.initiatives-default-start-date': async (s) =>
    (await gql(s, '{ initiatives(limit: 10) { models { name } } }')).body?.data,
  'holdout18.paging.planning-name-filter-spans-description': async (s) => {
    const all = (await models(
      s,
      'initiatives',
      '{ initiatives(limit: 100) { models { name description } } }',
    )) as {
      name: string;
      description: string | null;
    }[];
    const names = all.map((i) => i.name.toLowerCase());
    const words = all.flatMap((i) => (i.description ?? '').toLowerCase().split(/[^a-z]+/));
    const term = words.find((w) => w.length >= 5 && !names.some((n) => n.includes(w)));
    return (
      await gql(s, 'query($t: String) { initiatives(filter: { name: $t }) { totalModels } }', { t: term })
    ).body?.data;
  },
  'holdout18.persistence.update-initiative-omitted-companies-cleared': async (s) => {
    const all = (await models(
      s,
      'initiatives',
      '{ initiatives(limit: 100) { models { id name companies { id } } } }',
    )) as {
      id: string;
      name: string;
      companies: unknown[];
    }[];
    const i = all.find((x) => x.companies.length > 0);
    await gql(
      s,
      'mutation($id: ID!, $n: String) { updateInitiative(input: { id: $id, name: $n }) { item { id } } }',
      {
        id: i?.id,
        n: `${i?.name} (renamed)`,
      },
    );
    return (await gql(s, 'query($id: ID!) { initiative(id: $id) { companies { id } } }', { id: i?.id })).body
      ?.data;
  },
  'holdout18.persistence.planning-explicit-null-ignored': async (s) => {
    const all = await models(s, 'objectives', '{ objectives(limit: 100) { models { id description } } }');
    const o = all.find((x) => typeof x.description === 'string' && x.description !== '');
    await gql(
      s,
      'mutation($id: ID!) { updateObjective(input: { id: $id, description: null }) { item { id } } }',
      {
        id: o?.id,
      },
    );
    return (await gql(s, 'query($id: ID!) { objective(id: $id) { description } }', { id: o?.id })).body?.data;
  },
  'holdout18.validation.non-employee-involved-users-dropped': async (s) => {
    const p = await newPerson(s, 'Outsider');
    return (
      await gql(
        s,
        'mutation($u: [ID]) { addObjective(input: { name: "Eighteenth involvement", involvedUserIds: $u }) { validationErrors { propertyName } item { name } } }',
        { u: [p] },
      )
    ).body?.data;
  },
  'holdout18.dates.iq-score-date-of-read': async (s) => {
    const events = await models(
      s,
      'relationshipEventViews',
      '{ relationshipEventViews(limit: 40) { models { baseContactId relatedContactId } } }',
    );
    const out: unknown[] = [];
    for (const e of events) {
      for (const id of [e.baseContactId, e.relatedContactId]) {
        const r = await gql(
          s,
          'query($c: ID!) { getIQRelationshipScore(targetContactId: $c) { models { scoreDate } } }',
          { c: id },
        );
        out.push(r.body?.data ?? null);
      }
    }
    return out;
  },
  'holdout18.paging.insights-three-per-ranking': async (s) => {
    const all = (await models(
      s,
      'initiatives',
      '{ initiatives(limit: 100) { models { companies { id } } } }',
    )) as {
      companies: { id: unknown }[];
    }[];
    const ids = [...new Set(all.flatMap((i) => i.companies.map((c) => c.id)))].slice(0, 6);
    const out: unknown[] = [];
    for (const id of ids)
      out.push(
        (
          await gql(s, 'query($c: ID!) { getRelationshipInsights(companyId: $c) { insightContactId } }', {
            c: id,
          })
        ).body?.data,
      );
    return out;
  },
  'holdout18.validation.former-without-former-form-accepted': async (s) => {
    const type = (await personTypes(s)).find((t) => !t.formerInd);
    const c = await newPerson(s, 'Formerly');
    const reply = await gql(
      s,
      'mutation($c: ID!, $t: ID!) { addRelationship(input: { contactId: $c, relationshipTypeId: $t, isFormer: true }) { success } }',
      { c, t: type?.id },
    );
    return [reply.body?.data ?? null, reply.body?.errors?.[0]?.extensions?.code ?? null];
  },
  'holdout18.persistence.type-change-resets-strength': async (s) => {
    const types = await personTypes(s);
    const from = types.find((t) => t.strengthScale >= 2);
    const to = types.find((t) => t.id !== from?.id && t.strengthScale >= 3);
    const r = await newRelationship(s, from!, 1);
    await gql(
      s,
      'mutation($r: ID!, $t: ID) { editRelationship(input: { relationshipId: $r, relationshipTypeId: $t }) { success } }',
      {
        r: r.relationshipId,
        t: to?.id,
      },
    );
    return relationshipEvents(s, r.contactId, 'eventType strengthScale');
  },
  'holdout18.persistence.list-edit-omitted-description-cleared': async (s) => {
    const all = await models(
      s,
      'lists',
      '{ lists(listClass: [marketingLists], limit: 100) { models { id description addAllowed } } }',
    );
    const l = all.find((x) => typeof x.description === 'string' && x.description !== '');
    await gql(
      s,
      'mutation($id: ID!) { editListDetails(input: { id: $id, name: "Renamed eighteenth" }) { item { id } } }',
      {
        id: l?.id,
      },
    );
    return (await gql(s, 'query($id: ID!) { list(id: $id) { description } }', { id: l?.id })).body?.data;
  },
  'holdout18.errors.property-name-pascal-case': async (s) =>
    (
      await gql(
        s,
        'mutation { addObjective(input: { name: "Backwards", startDate: "2026-05-01", endDate: "2026-04-01" }) { validationErrors { propertyName } } }',
      )
    ).body?.data,
  'holdout18.auth.limited-event-views-forbidden': async (s) =>
    (await gql(s, '{ listEventViews(limit: 1) { totalModels } }', {}, { token: DEV_TOKENS.limited })).status,
};

describeHeldOutSet(
  'the eighteenth held-out mutant set',
  HOLDOUT18,
  'holdout18.',
  SETS.all.filter((m) => !m.id.startsWith('holdout18.')).map((m) => m.id),
  PROBES,
);
