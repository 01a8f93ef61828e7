// Reads the fenced code blocks of a Markdown file together with the tags of their info strings, so the
// README's examples can be run and checked by a test.

/** What a docs code block is for; the second word of its info string (```sh example). */
export type BlockKind = 'example' | 'output' | 'server' | 'no-run' | 'scenario' | 'include' | 'package';

/** Every kind a README block may carry; a block without one of them fails the README test. */
export const BLOCK_KINDS: readonly BlockKind[] = [
  'example',
  'output',
  'server',
  'no-run',
  'scenario',
  'include',
  // Run by test/package/packed.test.ts in a project with the packed package installed, in page order.
  'package',
];

/** One fenced code block. */
export interface CodeBlock {
  /** 1-based line of the opening fence. */
  line: number;
  /** First word of the info string (`sh`, `ts`, `yaml`, …); empty when there is none. */
  lang: string;
  /** Second word of the info string, when it is a known kind. */
  kind?: BlockKind;
  /** The second word as written (to name an unknown kind in a failure). */
  kindWord: string;
  /** The rest of the info string: a file name, a reason or a path, depending on the kind. */
  rest: string;
  /** The block's text, ending with a newline. */
  text: string;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

/** The fenced code blocks of a Markdown text, in order. An unclosed fence runs to the end of the text. */
export function codeBlocks(markdown: string): CodeBlock[] {
  const lines = markdown.split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const open = FENCE.exec(lines[i] ?? '');
    if (!open) continue;
    const fence = open[1] ?? '```';
    const [lang = '', kindWord = '', ...rest] = (open[2] ?? '').trim().split(/\s+/);
    const body: string[] = [];
    let j = i + 1;
    // A closing fence is at least as long as the opening one, of the same character, and nothing else.
    const close = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    while (j < lines.length && !close.test(lines[j] ?? '')) body.push(lines[j++] ?? '');
    blocks.push({
      line: i + 1,
      lang,
      kind: (BLOCK_KINDS as readonly string[]).includes(kindWord) ? (kindWord as BlockKind) : undefined,
      kindWord,
      rest: rest.join(' '),
      text: body.map((l) => `${l}\n`).join(''),
    });
    i = j;
  }
  return blocks;
}
