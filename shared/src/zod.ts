import { z } from 'zod';

/**
 * The one zod instance of the project, configured so that every failed check reads as a
 * translation key (`validation.<rule>`) instead of English prose. Server and client both
 * turn those keys into texts with the i18n resources, so validation reads the same in
 * both languages wherever it runs. Import `z` from here, not from 'zod'.
 */
z.config({
  customError: (issue) => {
    if (issue.input === undefined || issue.input === null) return 'validation.required';
    switch (issue.code) {
      case 'too_small':
        if (issue.origin === 'string' && Number(issue.minimum) <= 1) return 'validation.required';
        return 'validation.min';
      case 'too_big':
        return 'validation.max';
      case 'invalid_format':
        if (issue.format === 'email') return 'validation.email';
        if (issue.format === 'url') return 'validation.url';
        return 'validation.invalid';
      case 'invalid_type':
        if (issue.expected === 'int' || issue.expected === 'number') return 'validation.number';
        return 'validation.invalid';
      default:
        return 'validation.invalid';
    }
  },
});

export { z };
