import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

/** `npm run lint:imports` on a tree of its own: what it answers, and whether it failed. */
async function lintImports(cwd: string): Promise<{ failed: boolean; output: string }> {
  const args = [
    '--import',
    `${root}tools/typescript-for-depcruise.mjs`,
    `${root}node_modules/dependency-cruiser/bin/dependency-cruise.mjs`,
    'shared',
    'kiosk',
    'realtime',
    'web',
    '--config',
    `${root}.dependency-cruiser.cjs`,
    '--output-type',
    'err',
  ];
  try {
    const { stdout } = await run(process.execPath, args, { cwd });
    return { failed: false, output: stdout };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { failed: true, output: stdout + stderr };
  }
}

describe('the import zones in lint', () => {
  it('fail on an import across a zone, a feature importing another, and a cycle', async () => {
    const { failed, output } = await lintImports(`${root}tools/import-zones-fixture`);
    expect(failed).toBe(true);
    expect(output).toContain('shared-imports-nothing-of-ours: shared/src/contract.ts → kiosk/src/app.ts');
    expect(output).toContain('realtime-imports-only-shared-and-machines: realtime/src/gateway.ts → kiosk/src/app.ts');
    expect(output).toContain(
      'features-never-import-features: web/src/features/shop/list.ts → web/src/features/orders/list.ts',
    );
    expect(output).toContain('no-circular');
    expect(output).not.toContain('kiosk/src/app.ts →');
  }, 60_000);
});
