/**
 * A route path (`/table/:id`, `/*`) as the source of a regular expression, without anchors, and
 * its parameters' names in order: the build's preload script (plugins/route-table.ts) and the
 * app's route matcher (app/route-match.ts) both compile the route table with it.
 */
export function pathPattern(path: string): { source: string; params: string[] } {
  const params: string[] = [];
  const source = path
    .split('/')
    .map((part) => {
      if (part === '*') {
        params.push('*');
        return '(.*)';
      }
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      params.push(part.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { source, params };
}
