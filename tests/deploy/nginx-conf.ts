/**
 * Just enough of nginx's configuration language to ask where a request would go: blocks,
 * directives, comments and quotes, and the location matching rules (exact `=`, longest
 * prefix, `^~`, then regular expressions in order).
 */

export interface Directive {
  name: string;
  args: string[];
  block?: Directive[];
}

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  const pattern = /#[^\n]*|"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([{};])|([^\s{};"'#]+)/g;
  for (const match of text.matchAll(pattern)) {
    if (match[0].startsWith('#')) continue;
    tokens.push(match[1] ?? match[2] ?? match[3] ?? match[4] ?? '');
  }
  return tokens;
}

export function parseNginx(text: string): Directive[] {
  const tokens = tokenize(text);
  let at = 0;
  const parseBlock = (): Directive[] => {
    const directives: Directive[] = [];
    while (at < tokens.length && tokens[at] !== '}') {
      const words: string[] = [];
      while (at < tokens.length && tokens[at] !== ';' && tokens[at] !== '{') words.push(tokens[at++]!);
      const [name, ...args] = words;
      if (name === undefined) throw new Error(`nginx: empty directive at token ${at}`);
      if (tokens[at] === '{') {
        at++;
        directives.push({ name, args, block: parseBlock() });
        if (tokens[at++] !== '}') throw new Error(`nginx: unclosed block ${name}`);
      } else {
        at++;
        directives.push({ name, args });
      }
    }
    return directives;
  };
  const all = parseBlock();
  if (at !== tokens.length) throw new Error('nginx: unbalanced }');
  return all;
}

export const servers = (config: Directive[]) => config.filter((d) => d.name === 'server');

/** the ports a server block listens on */
export const listenPorts = (server: Directive) =>
  (server.block ?? []).filter((d) => d.name === 'listen').map((d) => Number(/(\d+)$/.exec(d.args[0] ?? '')?.[1]));

/** The location block of `server` that answers `path`, as nginx chooses it. */
export function locationFor(server: Directive, path: string): Directive | undefined {
  const locations = (server.block ?? []).filter((d) => d.name === 'location');
  const exact = locations.find((l) => l.args[0] === '=' && l.args[1] === path);
  if (exact) return exact;
  const prefixes = locations
    .filter((l) => l.args.length === 1 || l.args[0] === '^~')
    .map((l) => ({ location: l, prefix: l.args.at(-1)!, stop: l.args[0] === '^~' }))
    .filter((p) => path.startsWith(p.prefix))
    .sort((a, b) => b.prefix.length - a.prefix.length);
  const longest = prefixes[0];
  if (longest?.stop) return longest.location;
  for (const l of locations) {
    if (l.args[0] !== '~' && l.args[0] !== '~*') continue;
    if (new RegExp(l.args[1] ?? '', l.args[0] === '~*' ? 'i' : '').test(path)) return l;
  }
  return longest?.location;
}

/** What a location does with a request: hands it to an upstream, or answers with a status. */
export function actionOf(location: Directive | undefined): { proxy?: string; status?: number } {
  const body = location?.block ?? [];
  const proxy = body.find((d) => d.name === 'proxy_pass')?.args[0];
  const status = body.find((d) => d.name === 'return')?.args[0];
  return { ...(proxy ? { proxy } : {}), ...(status ? { status: Number(status) } : {}) };
}
