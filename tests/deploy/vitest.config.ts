import { defineProject } from 'vitest/config';

// The deployment as shipped: the Dockerfile, docker-compose.yml, .env.example, the proxy's
// configuration, and the compiled server started the way the image starts it.
export default defineProject({
  test: {
    name: 'deploy',
    include: ['**/*.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
