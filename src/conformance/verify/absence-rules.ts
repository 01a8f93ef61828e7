/**
 * Rules of conformance/spec-rules.yaml that state an absence or something the spec does not show: no
 * simulator behaviour can be switched off to break them, so they cannot be verified by breaking. They
 * are reported as such and left out of the verified denominator.
 */
export const ABSENCE_RULES: Readonly<Record<string, string>> = {
  '§6.2':
    'which operations emit which events is not stated (A-64); the views being read-only is a contract fact',
  '§6.3': 'states an absence: there is no push delivery (A-61)',
  '§6.4': 'event types beyond ContactDeleted and ListDeleted are not shown (A-40)',
  '§6.5': 'the fields of the event filter and sort inputs are not shown (A-41)',
  '§7.7': 'the error envelope, status codes and error codes are not shown (A-58, A-63)',
  '§8/not-shown': 'limit maxima, rate limits and other limits are not shown (A-59)',
  '§9.3/removeWorkingList': 'removeWorkingList is not described in detail in 1.2.0 (A-36)',
};
