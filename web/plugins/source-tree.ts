import { readFileSync } from 'node:fs';
import { parseAst } from 'vite';

/** A node of the ESTree oxc's parser gives, walked loosely: the plugins read only a few shapes. */
export type Node = { type: string; [key: string]: unknown };

export const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** A source file of the web app as a tree, for the build to read what the code declares. */
export function parseSource(file: string): Node {
  // the walks read any node's fields by name; Rollup's ESTree interfaces have no index signature to allow it
  return parseAst(readFileSync(file, 'utf8'), { lang: file.endsWith('x') ? 'tsx' : 'ts' }) as unknown as Node;
}

/** The module an `import('…')` node names, or undefined for any other node. */
export function importedBy(node: Node): string | undefined {
  return node.type === 'ImportExpression' && (node.source as Node).type === 'Literal'
    ? ((node.source as Node).value as string)
    : undefined;
}

/** The nodes right below a node. */
export function childrenOf(node: Node): Node[] {
  return Object.values(node)
    .flatMap((value) => (Array.isArray(value) ? value : [value]))
    .filter(isNode);
}
