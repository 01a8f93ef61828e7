/**
 * What each fuzzer invariant rests on, as the `basis` of the expectations it writes: the assumption
 * ids of contracts/ASSUMPTIONS.md that state the invariant (A-170 … A-177).
 */
export const INVARIANT_BASIS = {
  /** An added entity is visible by id, by name and in the total; a removed one is gone. */
  readAfterWrite: 'A-170',
  /** Pages are disjoint slices of the unpaged result with a stable totalModels. */
  paging: 'A-171',
  /** Nothing one tenant writes is visible to another. */
  isolation: 'A-172',
  /** An invalid input is refused (GraphQL error or validationErrors) and writes nothing. */
  invalidInput: 'A-173',
  /** Nothing written in one region is visible in another. */
  regions: 'A-175',
  /** Each write records exactly the events A-64 gives it in its entity's event view. */
  events: 'A-177',
  /** A field excluded by `@skip(if: true)` or `@include(if: false)` is absent from the response. */
  directives: 'A-174',
} as const;
