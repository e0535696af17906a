import { defineProject } from 'vitest/config';

// The benchmarks' own machinery (the README's result markers, the realtime bench's client
// processes); the benchmarks themselves run with `npm run bench`, not here.
export default defineProject({ test: { name: 'bench', include: ['*.test.ts'], testTimeout: 60_000 } });
