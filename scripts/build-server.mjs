/**
 * Compiles the servers to plain JavaScript for production (`npm run build:server`): the
 * embedded/kiosk entry `main.ts` → `main.mjs` and the standalone gateway
 * `realtime/src/main.ts` → `gateway.mjs`, in `dist/server` (or the folder given as the
 * first argument). Our workspace packages are bundled in; npm packages stay external and
 * come from `node_modules` (`npm ci --omit=dev`), so native ones (argon2, sharp) and
 * PGlite's files are the ones installed for the platform. The database migrations and the
 * Vipps OpenAPI documents (which the simulator holds requests to) are copied beside the
 * bundles, which find them and the web build (`web/dist`) from where they lie, so they run
 * from any working directory and without tsx.
 */
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = join(root, process.argv[2] ?? 'dist/server');
const SERVER_WORKSPACES = ['shared', 'machines', 'kiosk', 'realtime'];
const VIPPS_DOCUMENTS = ['epayment.v1.yml', 'webhooks.swagger.yaml', 'accesstoken.swagger.yaml'];

/** every npm package the server workspaces declare: these are installed, not bundled */
const packages = new Set(
  SERVER_WORKSPACES.flatMap((dir) => {
    const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    return Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@club/'));
  }),
);

// The bundles resolve packages from the root node_modules. A workspace that needs another
// version of one gets a node_modules of its own, which the bundle would not see.
for (const dir of SERVER_WORKSPACES) {
  const own = [...packages].filter((name) => existsSync(join(root, dir, 'node_modules', name)));
  if (own.length) throw new Error(`${dir} has its own version of ${own.join(', ')}: align it with the root's`);
}

// where the bundle (outdir) finds what the source tree keeps elsewhere; the environment still wins
const toRoot = relative(outdir, root) || '.';
const banner = [
  "import { fileURLToPath as __clubPath } from 'node:url';",
  "process.env.MIGRATIONS_DIR ??= __clubPath(new URL('./drizzle', import.meta.url));",
  `process.env.WEB_DIST ??= __clubPath(new URL(${JSON.stringify(`${toRoot}/web/dist`)}, import.meta.url));`,
].join('\n');

if (!isAbsolute(outdir) || relative(root, outdir).startsWith('..')) {
  throw new Error(`the bundle must lie inside the repository, to find node_modules: ${outdir}`);
}
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'main.ts', gateway: 'realtime/src/main.ts' },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  external: [...packages].flatMap((name) => [name, `${name}/*`]),
  banner: { js: banner },
  metafile: true,
  logLevel: 'warning',
});
cpSync(join(root, 'kiosk/drizzle'), join(outdir, 'drizzle'), { recursive: true });
// the Vipps simulator reads the OpenAPI documents it holds requests to from beside its code
for (const file of VIPPS_DOCUMENTS) cpSync(join(root, 'kiosk/src/payments/vipps', file), join(outdir, file));

// a package the code imports but no server workspace declares would be bundled, hiding that
// `npm ci --omit=dev` may not install it for another part of the server
const bundledPackages = Object.keys(result.metafile.inputs).filter((path) => path.includes('node_modules/'));
if (bundledPackages.length) {
  throw new Error(`imported but not declared by a server workspace: ${bundledPackages.slice(0, 5).join(', ')}`);
}

const bundles = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.mjs'));
console.log(`server bundles in ${relative(root, outdir)}: ${bundles.map((file) => file.split('/').pop()).join(', ')}`);
