import { dirname, join, relative } from 'node:path';
import { ROUTES } from '@club/shared/routes';
import { pathPattern as compilePath } from '../src/lib/path-pattern.ts';
import { childrenOf, importedBy, isNode, type Node, parseSource } from './source-tree.ts';

export type RouteName = keyof typeof ROUTES;

/** A screen of the route table that loads on demand. */
export interface LazyRoute {
  name: RouteName;
  /** the route's module, from the web root (`src/…`), as Vite's manifest names it */
  module: string;
  /** inside a login guard (`RequireSession`, `RequireProfile`, `RequireAdmin`) */
  guarded: boolean;
  /** the text groups it loads with its code (`TextGroup` in src/lib/i18n.ts) */
  texts: string[];
}

const GUARDS = new Set(['RequireSession', 'RequireProfile', 'RequireAdmin']);

function attribute(element: Node, name: string): Node | undefined {
  const opening = element.openingElement as Node;
  for (const attr of opening.attributes as Node[]) {
    if (attr.type === 'JSXAttribute' && (attr.name as Node).name === name) {
      const value = attr.value as Node | null;
      return value?.type === 'JSXExpressionContainer' ? (value.expression as Node) : undefined;
    }
  }
  return undefined;
}

/** `ROUTES.table` or `ROUTES['payment.result']` → its name */
function routeName(expression: Node | undefined): RouteName | undefined {
  if (expression?.type !== 'MemberExpression' || (expression.object as Node).name !== 'ROUTES') return undefined;
  const property = expression.property as Node;
  const name = expression.computed ? property.value : property.name;
  return typeof name === 'string' && name in ROUTES ? (name as RouteName) : undefined;
}

/**
 * The first `import('…')` inside a node, or in the loader a name in it stands for
 * (`const reports = () => import('…')`): the lazy screen's module.
 */
function firstImport(node: Node, loaders: Map<string, string>): string | undefined {
  const imported = importedBy(node);
  if (imported) return imported;
  if (node.type === 'Identifier' && typeof node.name === 'string') return loaders.get(node.name);
  for (const child of childrenOf(node)) {
    const found = firstImport(child, loaders);
    if (found) return found;
  }
  return undefined;
}

/** The text groups of `lazyPage(load, pick, ['pay'])`, and the console's of an `adminPage`. */
function textGroups(element: Node): string[] {
  if (element.type !== 'CallExpression') return [];
  const callee = (element.callee as Node).name;
  const list = (element.arguments as Node[])[2];
  const named =
    list?.type === 'ArrayExpression'
      ? (list.elements as Node[]).flatMap((e) => (e.type === 'Literal' && typeof e.value === 'string' ? [e.value] : []))
      : [];
  return callee === 'adminPage' ? ['admin', ...named] : named;
}

/** the file's top-level `const name = () => import('…')` */
function namedLoaders(program: Node): Map<string, string> {
  const loaders = new Map<string, string>();
  for (const statement of program.body as Node[]) {
    if (statement.type !== 'VariableDeclaration') continue;
    for (const declarator of statement.declarations as Node[]) {
      const id = declarator.id as Node;
      const source = isNode(declarator.init) ? firstImport(declarator.init, new Map()) : undefined;
      if (typeof id.name === 'string' && source) loaders.set(id.name, source);
    }
  }
  return loaders;
}

function elementName(element: Node | undefined): string | undefined {
  if (element?.type !== 'JSXElement') return undefined;
  const name = (element.openingElement as Node).name as Node;
  return typeof name.name === 'string' ? name.name : undefined;
}

/**
 * The lazy screens of the web's route table (`src/app/route-table.tsx`), read from its source:
 * the build's first-screen plugins take each route's module and guard from it rather than
 * naming them again.
 */
export function lazyRoutes(webRoot: string): LazyRoute[] {
  const file = join(webRoot, 'src/app/route-table.tsx');
  const ast = parseSource(file);
  const loaders = namedLoaders(ast);
  const found: LazyRoute[] = [];
  const walk = (node: Node, guarded: boolean) => {
    let inside = guarded;
    if (node.type === 'JSXElement' && elementName(node) === 'Route') {
      const name = routeName(attribute(node, 'path'));
      const element = attribute(node, 'element');
      const source = element && firstImport(element, loaders);
      if (name && source) {
        const module = relative(webRoot, join(dirname(file), source))
          .split('\\')
          .join('/');
        found.push({ name, module, guarded, texts: textGroups(element) });
      }
      if (GUARDS.has(elementName(element) ?? '')) inside = true;
    }
    for (const child of childrenOf(node)) walk(child, inside);
  };
  walk(ast, false);
  return found;
}

/** A route path as an anchored regular expression's source, and its parameters' names in order. */
export function pathPattern(path: string): { pattern: string; params: string[] } {
  const { source, params } = compilePath(path);
  return { pattern: `^${source}$`, params };
}
