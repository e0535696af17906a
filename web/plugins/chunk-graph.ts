import { resolve } from 'node:path';
import type { Rolldown } from 'vite';

/** The build's chunks as a graph: what a chunk loads with it, and the chunk of a module. */
export function chunkGraph(chunks: Rolldown.OutputChunk[], root: string) {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  /** the chunk's file and those of every chunk it imports statically, however deep */
  const closure = (chunk: Rolldown.OutputChunk, seen = new Set<string>()): Set<string> => {
    if (seen.has(chunk.fileName)) return seen;
    seen.add(chunk.fileName);
    for (const dep of chunk.imports) {
      const next = byFile.get(dep);
      if (next) closure(next, seen);
    }
    return seen;
  };
  const entry = chunks.find((c) => c.isEntry);
  /**
   * What every page loads: the entry's files, and those of its two steps (main.tsx's dynamic
   * imports) that the entry does not hold already.
   */
  const start = () => {
    const inEntry = entry ? closure(entry) : new Set<string>();
    const steps = new Set<string>();
    for (const dynamic of entry?.dynamicImports ?? []) {
      const chunk = byFile.get(dynamic);
      if (chunk) for (const f of closure(chunk)) if (!inEntry.has(f)) steps.add(f);
    }
    return { inEntry, steps };
  };
  /**
   * a module's own chunk, or the one it shares with others (fewerFirstChunks' groups); a module
   * from the web root: `src/…`, or `../shared/src/…` for a text group's
   */
  const moduleChunk = (module: string) => {
    const path = resolve(root, module);
    return chunks.find((c) => c.facadeModuleId === path) ?? chunks.find((c) => c.moduleIds.includes(path));
  };
  return { byFile, closure, moduleChunk, entry, start };
}
