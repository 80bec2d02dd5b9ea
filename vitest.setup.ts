// DOM matchers for web tests; harmless for server tests.
import '@testing-library/jest-dom/vitest';
