/**
 * Just enough Markdown for the tests that keep README.md and docs/ true: tables, fenced blocks, the shell
 * commands in them, links and the anchors GitHub gives headings. Not a general parser: it reads the pages we write.
 */

export interface FencedBlock {
  lang: string;
  body: string;
}

/** The fenced code blocks of a page, in order. */
export function fencedBlocks(markdown: string): FencedBlock[] {
  return [...markdown.matchAll(/^ *```([\w-]*)\n([\s\S]*?)^ *```/gm)].map((m) => ({
    lang: m[1] ?? '',
    body: m[2] ?? '',
  }));
}

/** The page without its fenced blocks, so that what they show is not read as prose, links or headings. */
export function prose(markdown: string): string {
  return markdown.replace(/^ *```[\w-]*\n[\s\S]*?^ *```/gm, '');
}

/** The text of each `code span` in a piece of Markdown. */
export function codeSpans(text: string): string[] {
  return [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
}

/** The cells of one table row; a `|` inside a code span belongs to the cell. */
function cells(row: string): string[] {
  const out: string[] = [];
  let cell = '';
  let inCode = false;
  for (const c of row.trim().replace(/^\|/, '').replace(/\|$/, '')) {
    if (c === '`') inCode = !inCode;
    if (c === '|' && !inCode) {
      out.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  out.push(cell.trim());
  return out;
}

/**
 * The body rows of the first table whose header is exactly `header`, each as its cells. Throws when the page
 * has no such table, so a renamed column fails loudly rather than checking nothing.
 */
export function tableRows(markdown: string, header: readonly string[]): string[][] {
  const lines = prose(markdown).split('\n');
  const start = lines.findIndex((line) => line.trim().startsWith('|') && sameCells(cells(line), header));
  if (start < 0) throw new Error(`no table with the columns ${header.join(' | ')}`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.trim().startsWith('|')) break;
    rows.push(cells(line));
  }
  return rows;
}

function sameCells(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((cell, i) => cell === b[i]);
}

export interface ShellCommand {
  /** The command as shown, continuation lines and all. */
  text: string;
  /** What a `# => ...` comment right after it says it prints, if there is one. */
  prints?: string;
}

/**
 * The commands of a shell block: comment lines dropped, a command running on over lines that end in `\` or
 * inside an open single quote (a JSON body), and a `# => ...` comment right after one kept as what it prints.
 */
export function shellCommands(block: string): ShellCommand[] {
  const commands: ShellCommand[] = [];
  let current = '';
  for (const line of block.split('\n')) {
    if (!current) {
      const trimmed = line.trim();
      const prints = /^# => (.*)$/.exec(trimmed);
      const last = commands.at(-1);
      if (prints && last) last.prints = prints[1];
      if (trimmed === '' || trimmed.startsWith('#')) continue;
    }
    current = current ? `${current}\n${line}` : line;
    const openQuote = ((current.match(/'/g) ?? []).length & 1) === 1;
    if (!openQuote && !current.endsWith('\\')) {
      commands.push({ text: current });
      current = '';
    }
  }
  if (current) throw new Error(`a command that never ends: ${current}`);
  return commands;
}

export interface Link {
  text: string;
  target: string;
}

/** The inline links of a page outside code, images included. */
export function links(markdown: string): Link[] {
  const text = prose(markdown).replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\[([^\]]*)\]\(([^)\s]+)\)/g)].map((m) => ({
    text: m[1] ?? '',
    target: m[2] ?? '',
  }));
}

/**
 * The anchors GitHub gives a page's headings: lower case, punctuation other than `-` and `_` dropped, spaces as
 * hyphens, and a second heading of the same text numbered (`-1`).
 */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const m of prose(markdown).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const text = (m[1] ?? '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  return anchors;
}
