import { createCB } from 'xmlbuilder2';
import { SAFT_NAMESPACE } from './codes.ts';

export type Leaf = string | number | boolean | null | undefined;

/**
 * Writes the SAF-T document as it goes: xmlbuilder2's callback builder serialises each
 * element as soon as it is opened or closed, and the text waits here only until the
 * exporter takes it (`take`) and passes it on, so memory holds one page of the journal at
 * a time, never the whole file.
 */
export class SaftWriter {
  private pending: string[] = [];
  private readonly xml: ReturnType<typeof createCB>;

  constructor() {
    this.xml = createCB({
      data: (chunk: string) => this.pending.push(chunk),
      prettyPrint: true,
      defaultNamespace: { ele: SAFT_NAMESPACE },
    });
    this.xml.dec({ version: '1.0', encoding: 'UTF-8' });
  }

  open(name: string, attributes?: Record<string, string>): this {
    this.xml.ele(name, attributes);
    return this;
  }

  close(): this {
    this.xml.up();
    return this;
  }

  /** An element holding text; nothing when the value is missing (the schema's optional elements). */
  leaf(name: string, value: Leaf): this {
    if (value === null || value === undefined) return this;
    this.xml.ele(name).txt(String(value)).up();
    return this;
  }

  /** Leaves in the order given: the schema's sequences are ordered. */
  leaves(values: Record<string, Leaf>): this {
    for (const [name, value] of Object.entries(values)) this.leaf(name, value);
    return this;
  }

  group(name: string, body: () => void): this {
    this.open(name);
    body();
    return this.close();
  }

  /** The text written since the last call. */
  take(): string {
    return this.pending.splice(0).join('');
  }

  end(): string {
    this.xml.end();
    return this.take();
  }
}
