// DOM matchers for web tests; harmless for server tests.
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// Whole-frame renders on a busy 2-core machine can take over a second; findBy* waits up to 5 s.
configure({ asyncUtilTimeout: 5_000 });
