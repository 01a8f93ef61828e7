import {
  getNamedType,
  getNullableType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';

/** An input field of a write that takes another entity's id: the link between two operations. */
export interface Reference {
  /** Input field (`targetCompanyId`, `objectiveId`, `initiativeIds`). */
  field: string;
  /** Entity type whose ids it takes. */
  type: string;
  required: boolean;
  list: boolean;
  /** Field of the written entity that shows the link when read back (`targetCompany`), if any. */
  readBack?: string;
}

/** A String input field the write sets and the entity shows under the same name (`title`, `alias`). */
export interface EchoedField {
  field: string;
  required: boolean;
}

/** The write that creates an entity. */
export interface Creation {
  mutation: string;
  /** Type of its `input` argument (`AddOpportunityInput`). */
  inputType: string;
  /** Path below the mutation's result to the new id (`['id']` or `['item', 'id']`). */
  idPath: string[];
  /** Input fields of `input` that cannot be filled from the contract alone (lookup ids such as a type). */
  lookups: string[];
  references: Reference[];
  echoed: EchoedField[];
  /** Other required input fields (no generic value exists), so the creation cannot be generated. */
  unfillable: string[];
}

/** A write that changes an existing entity, found by an `id`/`<entity>Id` field of its input. */
export interface Update {
  mutation: string;
  /** Type of its `input` argument. */
  inputType: string;
  idField: string;
  echoed: EchoedField[];
  references: Reference[];
  /** Required input fields besides the id (none for the updates the fuzzer sends). */
  unfillable: string[];
  /** Path of the changed entity's id in the result, when the result carries it. */
  resultId?: string[];
}

/** Everything the contract says about one entity type: how it is created, read, listed, changed, removed. */
export interface EntityLinks {
  type: string;
  creation?: Creation;
  /** Root query that takes exactly the entity's id (`opportunity(id:)`). */
  read?: string;
  /** Paged root query whose `models` are the entity (`opportunities`), for `totalModels`. */
  list?: string;
  updates: Update[];
  /** Root mutation taking only the id, paired with the creation by name (`removeX` ↔ `addX`). */
  remove?: { mutation: string; arg: string; result: 'boolean' | 'isSuccessful' | 'success' | 'other' };
  /** The type has an `isDeleted` flag: a removed one is still read by id, flagged, rather than gone. */
  softDelete: boolean;
}

const hasId = (t: GraphQLNamedType): t is GraphQLObjectType =>
  isObjectType(t) && t.getFields().id !== undefined && getNamedType(t.getFields().id?.type).name === 'ID';

/** The entity a mutation's result holds: the type itself or the `item` of a result wrapper, and the id path. */
function createdEntity(
  f: GraphQLField<unknown, unknown>,
): { type: GraphQLObjectType; idPath: string[] } | undefined {
  const t = getNullableType(f.type);
  if (isListType(t)) return undefined;
  const named = getNamedType(t);
  if (hasId(named) && named.name === getNamedType(f.type).name && !named.name.endsWith('Results'))
    return { type: named, idPath: ['id'] };
  if (isObjectType(named)) {
    const item = named.getFields().item;
    const inner = item && getNullableType(item.type);
    if (item && !isListType(inner) && hasId(getNamedType(item.type)))
      return { type: getNamedType(item.type) as GraphQLObjectType, idPath: ['item', 'id'] };
  }
  return undefined;
}

const lower = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * The entity type an id field names (`targetCompanyId` → Company, `initiativeIds` → Initiative), and
 * how the written entity shows it: an output field of the same name without `Id(s)` whose type is an
 * entity names the type exactly (`originationSourceContact: Person`).
 */
function referenceOf(
  field: GraphQLInputField,
  entityNames: readonly string[],
  target: GraphQLObjectType | undefined,
): Reference | undefined {
  const named = getNamedType(field.type);
  if (!isScalarType(named) || named.name !== 'ID') return undefined;
  const m = /^(.*?)(Id|Ids)$/.exec(field.name);
  if (!m?.[1]) return undefined;
  const stem = m[1];
  const list = m[2] === 'Ids';
  const base = stem.charAt(0).toUpperCase() + stem.slice(1);
  const byName = entityNames.filter((n) => base.endsWith(n)).sort((a, b) => b.length - a.length)[0];
  const plural = `${stem.replace(/y$/, 'ie')}s`;
  const exact = list ? plural : stem;
  // Else the one field of the referenced type whose name ends with it (`initiativeIds` → `associatedInitiatives`).
  const tail = (list ? plural : stem).replace(/^./, (c) => c.toUpperCase());
  const suffixed = Object.values(target?.getFields() ?? {}).filter(
    (f) =>
      f.name.endsWith(tail) &&
      getNamedType(f.type).name === byName &&
      isListType(getNullableType(f.type)) === list,
  );
  const outName = target?.getFields()[exact] || suffixed.length !== 1 ? exact : (suffixed[0]?.name ?? exact);
  const out = target?.getFields()[outName];
  const outType = out ? getNamedType(out.type) : undefined;
  const typed = outType && entityNames.includes(outType.name) ? outType.name : undefined;
  const type = typed ?? byName;
  if (type === undefined) return undefined;
  return {
    field: field.name,
    type,
    required: isNonNullType(field.type),
    list,
    ...(typed !== undefined && isListType(getNullableType(out?.type)) === list ? { readBack: outName } : {}),
  };
}

function echoedOf(field: GraphQLInputField, target: GraphQLObjectType): EchoedField | undefined {
  const named = getNamedType(field.type);
  const out = target.getFields()[field.name];
  if (named.name !== 'String' || isListType(getNullableType(field.type)) || !out) return undefined;
  return getNamedType(out.type).name === 'String' && !isListType(getNullableType(out.type))
    ? { field: field.name, required: isNonNullType(field.type) }
    : undefined;
}

/** The mutation's single `input` object type, if that is how it takes its arguments. */
function inputOf(f: GraphQLField<unknown, unknown>) {
  if (f.args.length !== 1 || f.args[0]?.name !== 'input') return undefined;
  const t = getNamedType(f.args[0].type);
  return isInputObjectType(t) ? t : undefined;
}

/**
 * Derives, from one revision's contract alone, which mutations create which entity (an `add*`
 * returning the entity or a result with its `item`), which query reads it by id, which paged query
 * lists it, which `update*`/`edit*` mutations change it (by an `id` or `<entity>Id` input field),
 * which `remove*` removes it, and which input fields take another entity's id.
 */
export function deriveLinks(schema: GraphQLSchema): Map<string, EntityLinks> {
  const mutations = Object.values(schema.getMutationType()?.getFields() ?? {});
  const queries = Object.values(schema.getQueryType()?.getFields() ?? {});
  const out = new Map<string, EntityLinks>();
  const creations = mutations.flatMap((f) => {
    const made = /^add[A-Z]/.test(f.name) ? createdEntity(f) : undefined;
    return made ? [{ f, ...made }] : [];
  });
  // Types only some creations produce are the entities; another's id may name any of them or an interface.
  const entityNames = [
    ...new Set([
      ...creations.map((c) => c.type.name),
      ...creations.flatMap((c) => c.type.getInterfaces().map((i) => i.name)),
    ]),
  ];
  const entry = (type: string): EntityLinks => {
    let e = out.get(type);
    if (!e) {
      const t = schema.getType(type);
      const flag = isObjectType(t) ? t.getFields().isDeleted : undefined;
      e = { type, updates: [], softDelete: flag !== undefined && getNamedType(flag.type).name === 'Boolean' };
      out.set(type, e);
    }
    return e;
  };
  for (const { f, type, idPath } of creations) {
    const input = inputOf(f);
    const e = entry(type.name);
    // Two creations of one type (`addList`, `addWorkingList`): the first, in contract order, is kept.
    if (e.creation) continue;
    const fields = input ? Object.values(input.getFields()) : [];
    const references = fields.flatMap((x) => referenceOf(x, entityNames, type) ?? []);
    const echoed = fields.flatMap((x) => echoedOf(x, type) ?? []);
    const known = new Set([...references.map((r) => r.field), ...echoed.map((x) => x.field)]);
    const required = fields.filter((x) => isNonNullType(x.type) && !known.has(x.name));
    const idLike = (x: GraphQLInputField): boolean => getNamedType(x.type).name === 'ID';
    e.creation = {
      mutation: f.name,
      inputType: input?.name ?? '',
      idPath,
      lookups: required.filter(idLike).map((x) => x.name),
      references,
      echoed,
      unfillable: [...required.filter((x) => !idLike(x)).map((x) => x.name), ...(input ? [] : ['input'])],
    };
  }
  for (const [name, e] of out) {
    const type = schema.getType(name) as GraphQLObjectType;
    const idOf = new Set(['id', `${lower(name)}Id`]);
    e.read = queries.find(
      (q) =>
        q.args.length === 1 &&
        idOf.has(q.args[0]?.name ?? '') &&
        getNamedType(q.args[0]?.type).name === 'ID' &&
        getNamedType(q.type).name === name &&
        !isListType(getNullableType(q.type)),
    )?.name;
    e.list = queries.find((q) => {
      const t = getNamedType(q.type);
      if (!isObjectType(t) || !q.args.some((a) => a.name === 'limit')) return false;
      const models = t.getFields().models;
      return (
        models !== undefined &&
        t.getFields().totalModels !== undefined &&
        getNamedType(models.type).name === name
      );
    })?.name;
    const stem = e.creation?.mutation.replace(/^add/, '');
    const remove = stem ? mutations.find((m) => m.name === `remove${stem}`) : undefined;
    const removeArg = remove?.args.length === 1 ? remove.args[0] : undefined;
    if (remove && removeArg && getNamedType(removeArg.type).name === 'ID' && isNonNullType(removeArg.type)) {
      const r = getNamedType(remove.type);
      const result =
        r.name === 'Boolean'
          ? 'boolean'
          : isObjectType(r) && r.getFields().isSuccessful
            ? 'isSuccessful'
            : isObjectType(r) && r.getFields().success
              ? 'success'
              : 'other';
      e.remove = { mutation: remove.name, arg: removeArg.name, result };
    }
    const names = [name, ...(stem ? [stem] : [])];
    for (const m of mutations) {
      if (!/^(update|edit)[A-Z]/.test(m.name) || !names.some((n) => m.name.includes(n))) continue;
      const input = inputOf(m);
      const idField =
        input && Object.values(input.getFields()).find((x) => idOf.has(x.name) && isNonNullType(x.type));
      if (!input || !idField || isListType(getNullableType(idField.type))) continue;
      const fields = Object.values(input.getFields()).filter((x) => x !== idField);
      const references = fields.flatMap((x) => referenceOf(x, entityNames, type) ?? []);
      const echoed = fields.flatMap((x) => echoedOf(x, type) ?? []);
      const unfillable = fields.filter((x) => isNonNullType(x.type)).map((x) => x.name);
      const made = createdEntity(m);
      e.updates.push({
        mutation: m.name,
        inputType: input.name,
        idField: idField.name,
        echoed,
        references,
        unfillable,
        ...(made?.type.name === name ? { resultId: made.idPath } : {}),
      });
    }
  }
  // Interfaces (Contact) are link targets only; nothing creates one as such.
  for (const n of entityNames) if (isInterfaceType(schema.getType(n))) out.delete(n);
  return out;
}
