import { once } from 'node:events';
import type { Response } from 'express';

/**
 * Streams lines as NDJSON, one JSON object a line, waiting for the socket to drain whenever it is full, so the
 * next line is only read once the last is on its way: memory stays that of one page. The first line is read
 * before anything is sent, so an error there (an unknown group) still gets its own status and JSON body. A client
 * that goes away stops the reading; an error after the first line cuts the response short, which a reader tells
 * by the missing last line.
 */
export async function sendNdjson(
  res: Response,
  lines: AsyncIterator<unknown>,
  fileName: string,
): Promise<void> {
  const first = await lines.next();
  // attachment() would set the type from the file name's extension, which express does not know: type last.
  res.status(200).attachment(fileName).type('application/x-ndjson');
  let next = first;
  try {
    while (!next.done) {
      if (res.destroyed) return;
      if (!res.write(`${JSON.stringify(next.value)}\n`)) {
        await Promise.race([once(res, 'drain'), once(res, 'close')]);
      }
      next = await lines.next();
    }
    res.end();
  } catch (error) {
    res.destroy(error as Error);
  } finally {
    await lines.return?.();
  }
}
