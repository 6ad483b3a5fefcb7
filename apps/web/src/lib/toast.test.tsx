import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { retryLoad } from './retry-load.ts';

const shown: { message: string; onClose: () => void }[] = [];
vi.mock('./notifications-host.tsx', () => ({
  default: () => null,
  notifications: {
    show: (options: { message: string; onClose: () => void }) => {
      shown.push(options);
      return `toast-${shown.length}`;
    },
    hide: () => undefined,
  },
}));

const { toastError, toastSuccess } = await import('./toast.tsx');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('toasts', () => {
  it('show a failure once on a screen however often it is reported, and again once it has closed', async () => {
    toastError('The order could not be loaded.');
    toastError('The order could not be loaded.');
    await settle();
    expect(shown.map((t) => t.message)).toEqual(['The order could not be loaded.']);
    shown[0]?.onClose();
    toastError('The order could not be loaded.');
    await settle();
    expect(shown).toHaveLength(2);
  });

  it('show every success, and different failures side by side', async () => {
    shown.length = 0;
    toastSuccess('Saved.');
    toastSuccess('Saved.');
    toastError('One thing failed.');
    toastError('Another failed.');
    await settle();
    expect(shown.map((t) => t.message)).toEqual(['Saved.', 'Saved.', 'One thing failed.', 'Another failed.']);
  });
});

describe('a failed load', () => {
  it('is tried again once when the server or the network failed, never when the request was refused', () => {
    expect(retryLoad(0, new ApiError(503, 'Down'))).toBe(true);
    expect(retryLoad(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryLoad(1, new ApiError(503, 'Down'))).toBe(false);
    for (const status of [400, 401, 403, 404, 409, 410, 429])
      expect(retryLoad(0, new ApiError(status, 'No'))).toBe(false);
  });
});
