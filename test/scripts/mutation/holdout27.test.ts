import { HOLDOUT27 } from '../../../scripts/mutation/holdout27.js';
import type { MutantServer } from '../../../scripts/mutation/proxy.js';
import { SETS } from '../../../scripts/mutation/sets.js';
import { DEV_TOKENS } from '../../../src/contract/endpoint.js';
import {
  answerData as data,
  describeHeldOutSet,
  gql,
  memberRemoved,
  models,
  type Probe,
  newProbePerson as newPerson,
} from '../../helpers/mutant-client.js';

const EU = { region: 'eu' };

/** A POST of `{ currencies }` to the us 1.4.0 endpoint with `authorization` as the header: its status. */
async function statusWith(s: MutantServer, authorization: string): Promise<number> {
  const res = await fetch(s.template.replace('{region}', 'us').replace('{version}', '1.4.0'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ query: '{ currencies }' }),
  });
  await res.text();
  return res.status;
}

/** The ids of the first `limit` companies of the full tenant, in display-name order. */
async function companies(s: MutantServer, limit: number): Promise<unknown[]> {
  const found = await models(
    s,
    'searchFirmContacts',
    `{ searchFirmContacts(limit: ${String(limit)}, filter: [{ field: contactEntity, value: "Company" }]) { models { id } } }`,
  );
  return found.map((c) => c.id);
}

/** The outcomes closed opportunities show (id and reason ids), by name. */
async function outcomes(s: MutantServer): Promise<Map<unknown, { id: unknown; reasons: unknown[] }>> {
  const closed = await models(
    s,
    'opportunities',
    '{ opportunities(limit: 100, filter: { statuses: [closed] }) { models { actualOutcome { id name reasons { id } } } } }',
  );
  const out = new Map<unknown, { id: unknown; reasons: unknown[] }>();
  for (const o of closed) {
    const outcome = o.actualOutcome as { id: unknown; name: unknown; reasons: { id: unknown }[] } | null;
    if (outcome) out.set(outcome.name, { id: outcome.id, reasons: outcome.reasons.map((r) => r.id) });
  }
  return out;
}

/**
 * For each mutant of the twenty-seventh held-out set, a request sequence whose observation differs
 * between the correct server and the mutant: proof that the mutant ships a regression at all. The
 * observations hold no ids of records a probe added, which differ from server to server.
 */
const PROBES: Record<string, Probe> = {
  'holdout27.nullability.contact-types-first-only': (s) =>
    data(s, '{ searchFirmContacts(limit: 60) { models { contactTypes { name } } } }'),
  'holdout27.nullability.note-notes-is-subject': (s) =>
    data(s, '{ searchFirmContacts(limit: 3) { models { notes { allNotes { models { notes } } } } } }'),
  'holdout27.caching.search-keyed-without-field-filters': async (s) => {
    const search = (entity: string) =>
      data(
        s,
        'query($e: String) { searchFirmContacts(limit: 3, filter: [{ field: contactEntity, value: $e }]) { models { displayName } } }',
        { e: entity },
      );
    return [await search('Person'), await search('Company')];
  },
  'holdout27.paging.partial-page-after-skip-empty': (s) =>
    data(s, '{ lists(skip: 10, limit: 5) { totalModels models { name } } }'),
  'holdout27.nullability.list-creator-is-owner': (s) =>
    data(s, '{ lists(limit: 100) { models { creatorName } } }'),
  'holdout27.nullability.sponsors-all-primary': (s) =>
    data(s, '{ lists(limit: 100) { models { contacts(limit: 20) { models { sponsors { isPrimary } } } } } }'),
  'holdout27.dates.value-item-edit-date-day-only': (s) =>
    data(
      s,
      '{ lists(limit: 1) { models { contacts(limit: 5) { models { additionalFieldValues { models { valueItems { lastEditDate } } } } } } } }',
    ),
  'holdout27.nullability.activity-type-is-group-name': (s) =>
    data(s, '{ activities(limit: 10) { models { type } } }'),
  'holdout27.persistence.add-activity-summary-from-subject': async (s) => {
    const settings = await gql(s, '{ firm { settings { defaultNewActivityTypeId } } }');
    const added = await gql(
      s,
      'mutation($t: ID!) { addActivity(input: { typeId: $t, activityDate: "2026-03-02 10:00:00", subject: "Summary probe" }) { summary } }',
      { t: settings.body?.data?.firm?.settings?.defaultNewActivityTypeId },
    );
    return added.body?.data?.addActivity ?? null;
  },
  'holdout27.errors.remove-unknown-activity-successful': (s) =>
    data(
      s,
      'mutation { removeActivity(id: "00000000-0000-4000-8000-000000000027") { isSuccessful validationErrors { propertyName } } }',
    ),
  'holdout27.nullability.origination-company-is-target': (s) =>
    data(s, '{ opportunities(limit: 30) { models { originationSourceCompany { id } } } }'),
  'holdout27.validation.outcome-reasons-of-other-outcome-dropped': async (s) => {
    const known = await outcomes(s);
    const [open] = await models(
      s,
      'opportunities',
      '{ opportunities(limit: 100, filter: { statuses: [open] }) { models { id shouldBeHidden } } }',
    ).then((list) => list.filter((o) => o.shouldBeHidden === false));
    const closed = await gql(
      s,
      'mutation($o: ID!, $w: ID, $r: [ID]) { updateOpportunityStatus(input: { opportunityId: $o, status: closed, outcomeId: $w, outcomeReasonIds: $r }) { validationErrors { propertyName } } }',
      { o: open?.id, w: known.get('Won')?.id, r: [known.get('Lost')?.reasons[0]] },
    );
    const after = await gql(s, 'query($o: ID!) { opportunity(id: $o) { status } }', { o: open?.id });
    return [closed.body?.data ?? null, after.body?.data ?? null];
  },
  'holdout27.validation.inactive-opportunity-type-accepted': async (s) => {
    const patched = await gql(
      s,
      'mutation { patchOpportunityType(input: { items: [{ name: "Twenty-Seventh Retired Type", isActive: false }] }) { addItems { id } } }',
    );
    const added = await gql(
      s,
      'mutation($t: ID!) { addOpportunity(input: { title: "Twenty-Seventh Probe", opportunityTypeId: $t }) { title opportunityType { name isActive } } }',
      { t: patched.body?.data?.patchOpportunityType?.addItems?.[0]?.id },
    );
    return [added.body?.data ?? null, added.body?.errors?.[0]?.extensions?.code ?? null];
  },
  'holdout27.sort.profile-items-by-name': async (s) => {
    for (const id of await companies(s, 60)) {
      const reply = await gql(
        s,
        'query($c: ID!) { profile(contactId: $c) { models { profileItems { name } } } }',
        {
          c: id,
        },
      );
      const profiles = reply.body?.data?.profile?.models as unknown[] | undefined;
      if (profiles && profiles.length > 0) return profiles;
    }
    return null;
  },
  'holdout27.persistence.company-other-address-as-business': (s) =>
    data(
      s,
      'mutation { addCompany(input: { companyName: "Twenty-Seventh Annex", otherAddress: { street: "1 Side Street", city: "Boston", country: "United States" } }) { item { addresses { type street } } } }',
    ),
  'holdout27.persistence.employment-change-job-title-kept': async (s) => {
    const person = await newPerson(s, 'Employed');
    const [company] = await companies(s, 1);
    await gql(
      s,
      'mutation($p: ID!, $c: ID) { editPersonEmploymentInformation(input: { personId: $p, companyId: $c, jobTitle: "Head of Legal" }) { status } }',
      { p: person, c: company },
    );
    return data(s, 'query($p: ID!) { person(id: $p) { currentJobTitle } }', { p: person });
  },
  'holdout27.caching.objective-progress-stale': async (s) => {
    const objectives = await models(
      s,
      'objectives',
      '{ objectives(limit: 100) { models { id initiatives { models { id status } } } } }',
    );
    const objective = objectives.find((o) =>
      ((o.initiatives as { models: { status: unknown }[] }).models ?? []).some((i) => i.status === 'open'),
    );
    const initiative = (objective?.initiatives as { models: { id: unknown; status: unknown }[] }).models.find(
      (i) => i.status === 'open',
    );
    const progress = () => data(s, 'query($o: ID!) { objective(id: $o) { progress } }', { o: objective?.id });
    const before = await progress();
    await gql(
      s,
      'mutation($i: ID!) { updateInitiativeStatus(input: { id: $i, status: closed }) { validationErrors { propertyName } } }',
      {
        i: initiative?.id,
      },
    );
    return [before, await progress()];
  },
  'holdout27.nullability.insight-engagement-score-mean': async (s) => {
    const [company] = await companies(s, 1);
    return data(
      s,
      'query($c: ID!) { getRelationshipInsights(companyId: $c) { totalConnections totalEngagementScore } }',
      { c: company },
    );
  },
  'holdout27.events.working-list-events-missing': (s) =>
    data(s, '{ listEventViews(limit: 100) { totalModels models { eventType list { name } } } }'),
  'holdout27.events.list-bulk-removal-unrecorded': async (s) => {
    const { l } = await memberRemoved(s, 'Bulk');
    return data(
      s,
      'query($l: [ID!]) { listEventViews(filter: { listIds: $l, eventTypes: [ListMemberRemoved] }) { totalModels } }',
      { l: [l] },
    );
  },
  'holdout27.enums.language-local-name-in-english': (s) =>
    data(s, '{ regionalSettings { languages { localName } } }'),
  'holdout27.versions.1.2.0-country-codes-alpha-3': (s) =>
    data(s, '{ countries { models { isoCode } } }', {}, { version: '1.2.0' }),
  'holdout27.versions.linked-contacts-kind-argument-missing': (s) =>
    data(s, '{ activities(limit: 3) { models { linkedActivityContacts(contactType: Person) { id } } } }'),
  'holdout27.region.eu-event-date-filter-berlin-time': async (s) => {
    const [event] = await models(
      s,
      'firmContactEventViews',
      '{ firmContactEventViews(limit: 1) { models { eventDate } } }',
      EU,
    );
    return data(
      s,
      'query($d: DateTime) { firmContactEventViews(filter: { eventDate: { from: $d, to: $d } }) { totalModels } }',
      { d: event?.eventDate },
      EU,
    );
  },
  'holdout27.region.eu-email-addresses-masked': (s) =>
    data(s, '{ searchFirmContacts(limit: 3) { models { emailAddresses { address } } } }', {}, EU),
  'holdout27.region.eu-validation-messages-german': (s) =>
    data(
      s,
      'mutation { addPerson(input: { emailAddress: "x" }) { validationErrors { propertyName message } } }',
      {},
      EU,
    ),
  'holdout27.tenancy.au-limited-token-full-firm': (s) =>
    data(
      s,
      '{ searchFirmContacts(limit: 3) { totalModels models { displayName } } }',
      {},
      {
        region: 'au',
        token: DEV_TOKENS.limited,
      },
    ),
  'holdout27.http.accept-parameters-406': async (s) =>
    (await gql(s, '{ currencies }', {}, { accept: 'application/json; charset=utf-8' })).status,
  'holdout27.auth.token-trailing-words-ignored': (s) => statusWith(s, `Bearer ${DEV_TOKENS.full} extra`),
};

describeHeldOutSet(
  'the twenty-seventh held-out mutant set',
  HOLDOUT27,
  'holdout27.',
  SETS.all.filter((m) => !m.id.startsWith('holdout27.')).map((m) => m.id),
  PROBES,
);
