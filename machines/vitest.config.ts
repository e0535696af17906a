import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'machines', include: ['src/**/*.test.ts'] } });
