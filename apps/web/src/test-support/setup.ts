import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// What @testing-library/react does itself where the test functions are globals (they are
// not here): React is told it runs under tests, so that act() flushes every update, and
// each test starts from an empty page, so what one rendered answers no other's queries.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => cleanup());
