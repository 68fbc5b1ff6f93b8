import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../i18n';

// Vitest runs without globals, so testing-library cannot register its own cleanup.
afterEach(() => cleanup());

// Two test files run at once on two CPUs: findBy/waitFor get 3 s instead of 1 s before they give up.
configure({ asyncUtilTimeout: 3000 });
