import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Each test starts from an empty page: what one rendered must not answer another's queries.
afterEach(() => cleanup());
