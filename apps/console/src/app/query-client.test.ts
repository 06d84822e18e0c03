import { describe, expect, it } from 'vitest';
import { clearToken, setToken } from '../lib/auth-token.ts';
import { createQueryClient, forgetDataOnSessionChange } from './query-client.ts';

describe('query client', () => {
  it('drops cached data when the session changes', () => {
    const queryClient = createQueryClient();
    const stopForgetting = forgetDataOnSessionChange(queryClient);
    queryClient.setQueryData(['user', 'me'], { username: 'first' });
    setToken('second-user');
    expect(queryClient.getQueryData(['user', 'me'])).toBeUndefined();
    queryClient.setQueryData(['user', 'me'], { username: 'second' });
    clearToken();
    expect(queryClient.getQueryData(['user', 'me'])).toBeUndefined();
    stopForgetting();
  });
});
