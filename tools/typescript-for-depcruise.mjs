/**
 * dependency-cruiser reads TypeScript through the compiler's JavaScript API, which the native
 * TypeScript 7 compiler that builds this repository does not offer: it is handed TypeScript 5
 * (installed as `typescript-5`) instead, both where it imports the compiler and where it
 * requires its package.json for the version. Loaded with `node --import` by `npm run lint`.
 */
import Module, { register } from 'node:module';

const cruiser = /[\\/]dependency-cruiser[\\/]/;
const typescript = /^typescript(\/|$)/;

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function toTypescript5(request, parent, ...rest) {
  const wanted =
    cruiser.test(parent?.filename ?? '') && typescript.test(request)
      ? request.replace(typescript, 'typescript-5$1')
      : request;
  return resolveFilename.call(this, wanted, parent, ...rest);
};

const hooks = `
export async function resolve(specifier, context, next) {
  const wanted = /[\\\\/]dependency-cruiser[\\\\/]/.test(context.parentURL ?? '') && /^typescript(\\/|$)/.test(specifier)
    ? specifier.replace(/^typescript/, 'typescript-5')
    : specifier;
  return next(wanted, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`, import.meta.url);
