// The README test's own tools: how code blocks are read and how shown output is compared.
import { describe, expect, it } from '@jest/globals';
import { outputMismatch } from './expected-output.js';
import { codeBlocks } from './markdown-blocks.js';

describe('codeBlocks', () => {
  it('reads language, kind and the rest of the info string, and the text up to the closing fence', () => {
    const md = [
      'Intro',
      '```sh example',
      'echo hi',
      '```',
      '',
      '````ts example first-query.ts',
      'const fence = "```";',
      '````',
      '```',
      'plain',
      '```',
      '```sh no-run needs a real endpoint',
      'npx rm-harness conform',
    ].join('\n');
    expect(codeBlocks(md)).toEqual([
      { line: 2, lang: 'sh', kind: 'example', kindWord: 'example', rest: '', text: 'echo hi\n' },
      {
        line: 6,
        lang: 'ts',
        kind: 'example',
        kindWord: 'example',
        rest: 'first-query.ts',
        text: 'const fence = "```";\n',
      },
      { line: 9, lang: '', kind: undefined, kindWord: '', rest: '', text: 'plain\n' },
      {
        line: 12,
        lang: 'sh',
        kind: 'no-run',
        kindWord: 'no-run',
        rest: 'needs a real endpoint',
        text: 'npx rm-harness conform\n',
      },
    ]);
  });
});

describe('outputMismatch', () => {
  const actual = ['npm warn something', 'first line', 'id 1234-abcd Ada', '', 'last line: CONFORMS'].join(
    '\n',
  );

  it('accepts the shown lines in order, with … for left-out text and lines', () => {
    expect(outputMismatch('first line\n…\nid …-abcd Ada\n\nlast line: CONFORMS\n', actual)).toBeUndefined();
    expect(outputMismatch('last line: …\n', actual)).toBeUndefined();
  });

  it('names the first shown line that was not printed, out of order or changed', () => {
    expect(outputMismatch('last line: CONFORMS\nfirst line\n', actual)).toBe(
      'no line (after the lines matched before it) matches: first line',
    );
    expect(outputMismatch('first line\nid 1234-abcd Bob\n', actual)).toBe(
      'no line (after the lines matched before it) matches: id 1234-abcd Bob',
    );
    // A line matches whole, and regular-expression characters in it are literal.
    expect(outputMismatch('first\n', actual)).toBeDefined();
    expect(outputMismatch('last line. CONFORMS\n', actual)).toBeDefined();
  });
});
