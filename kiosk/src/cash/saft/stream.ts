import type { Executor } from '../../db/client.ts';
import { writeEvents } from './events.ts';
import { writeCompanyIdentity, writeHeader } from './header.ts';
import { writeMasterFiles } from './master-files.ts';
import type { SaftScope } from './scope.ts';
import { writeTransactions } from './transactions.ts';
import { SaftWriter } from './writer.ts';

/**
 * The SAF-T Cash Register file of a period, as text in the order the schema wants it:
 * header, company and its master files, then per cash point (`cashregister`) its events
 * and after them its transactions. Each piece is handed on as soon as it is written: the
 * journal is read a page at a time, and the next page is read only when the reader asks.
 */
export async function* saftChunks(db: Executor, scope: SaftScope): AsyncGenerator<string> {
  const w = new SaftWriter();
  w.open('auditfile');
  writeHeader(w, scope);
  w.open('company');
  writeCompanyIdentity(w, scope);
  const master = await writeMasterFiles(w, db, scope);
  yield w.take();
  w.open('location').leaf('name', scope.club.company_name.slice(0, 100));
  for (const register of scope.registers) {
    w.open('cashregister').leaves({ registerID: String(register.id), regDesc: register.name });
    const part = { w, db, register, scope, master };
    yield* writeEvents(part);
    yield* writeTransactions(part);
    w.close();
  }
  w.close().close().close();
  yield w.end();
}

/** The chunks as a byte stream that pulls the next one only when the consumer reads. */
export function byteStream(
  chunks: AsyncGenerator<string>,
  onError: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        // a pull that enqueues nothing is not called again: go on until there is text or the end
        for (;;) {
          const next = await chunks.next();
          if (next.done) return controller.close();
          if (next.value) return controller.enqueue(encoder.encode(next.value));
        }
      } catch (error) {
        onError(error);
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
