import { join } from 'node:path';
import { childrenOf, importedBy, type Node, parseSource } from './source-tree.ts';

/** every `import('…')` inside a node */
function imports(node: Node): string[] {
  const imported = importedBy(node);
  return imported ? [imported] : childrenOf(node).flatMap(imports);
}

/** `@club/shared/i18n/web-pay.nb` → `../shared/src/i18n/web-pay.nb.ts`, as Vite's manifest names it */
function fromWebRoot(specifier: string): string {
  if (!specifier.startsWith('@club/shared/')) throw new Error(`a text group loads ${specifier}: not a shared module`);
  return `../shared/src/${specifier.slice('@club/shared/'.length)}.ts`;
}

/**
 * The modules of each text group in each language (`TEXT_GROUPS` in src/lib/i18n.ts), read
 * from its source, from the web root: what a screen's groups make the phone fetch.
 */
export function textGroupModules(webRoot: string): Record<string, Record<string, string[]>> {
  const ast = parseSource(join(webRoot, 'src/lib/i18n.ts'));
  const out: Record<string, Record<string, string[]>> = {};
  for (const statement of ast.body as Node[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      if ((declarator.id as Node).name !== 'TEXT_GROUPS') continue;
      for (const group of (declarator.init as Node).properties as Node[]) {
        const locales: Record<string, string[]> = {};
        for (const locale of (group.value as Node).properties as Node[])
          locales[(locale.key as Node).name as string] = imports(locale.value as Node).map(fromWebRoot);
        out[(group.key as Node).name as string] = locales;
      }
    }
  }
  if (!Object.keys(out).length) throw new Error('no TEXT_GROUPS in src/lib/i18n.ts');
  return out;
}
