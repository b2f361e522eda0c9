/** Accounts calls (docs/requirements/storefront.md §7). */
import type { LoginInput, ProfileUpdateInput, RegisterInput } from '@pasar/core/accounts';
import { api, apiRequest } from '../../../lib/api-client';
import type { SessionUser } from '../../../lib/session';

export interface AuthResult {
  token: string;
  user: SessionUser;
}

export function login(input: LoginInput) {
  return apiRequest<AuthResult>('/auth/login', { method: 'POST', body: input });
}

export function register(input: RegisterInput) {
  return apiRequest<AuthResult>('/auth/register', { method: 'POST', body: input });
}

export function getProfile(signal?: AbortSignal) {
  return api<SessionUser>('/profile', { signal });
}

export function updateProfile(input: ProfileUpdateInput) {
  return apiRequest<SessionUser>('/profile', { method: 'PUT', body: input });
}
