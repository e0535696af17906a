import { type NodeProcess, startNodeProcess, waitUntilReady } from '../support/node-process.ts';

export interface GatewayProcess {
  port: number;
  url: string;
  process: NodeProcess;
  health(): Promise<Record<string, unknown>>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** `realtime/src/main.ts`: a real gateway process, ready once its first snapshot is in. */
export async function startGatewayProcess(port: number, env: Record<string, string>): Promise<GatewayProcess> {
  const proc = startNodeProcess('realtime/src/main.ts', {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  const health = async () => (await (await fetch(`${url}/health`)).json()) as Record<string, unknown>;
  await waitUntilReady(proc, async () => (await health()).ready === true, `gateway on ${port}`, 30_000);
  return {
    port,
    url,
    process: proc,
    health,
    kill: (signal = 'SIGKILL') => proc.stop(signal),
  };
}
