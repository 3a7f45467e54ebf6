import type { OutStream } from '../../src/cli/command.js';

/** An OutStream that keeps what a command wrote, for its assertions. */
export function collector(): OutStream & { text: string } {
  const out = {
    text: '',
    write(chunk: string) {
      out.text += chunk;
      return true;
    },
  };
  return out;
}
