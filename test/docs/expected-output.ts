// Compares what an example printed with the output the README shows for it.

/** The ellipsis the README uses for "anything here". */
export const ELLIPSIS = '…';

function lineMatcher(expected: string): RegExp {
  const parts = expected.split(ELLIPSIS).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*?')}$`);
}

/**
 * Checks that every non-blank line of `expected` is a whole line of `actual`, in the same order; within
 * a line `…` stands for any text, and a line that is only `…` (like other lines the README leaves out)
 * may stand for any number of lines. Trailing spaces are ignored. Returns why it does not match, or
 * undefined when it does.
 */
export function outputMismatch(expected: string, actual: string): string | undefined {
  const want = expected
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l !== '' && l.trim() !== ELLIPSIS);
  const got = actual.split('\n').map((l) => l.trimEnd());
  let at = 0;
  for (const line of want) {
    const matcher = lineMatcher(line);
    while (at < got.length && !matcher.test(got[at] ?? '')) at += 1;
    if (at === got.length) return `no line (after the lines matched before it) matches: ${line}`;
    at += 1;
  }
  return undefined;
}
