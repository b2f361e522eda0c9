/** Accounts calls (docs/requirements/storefront.md §7). */
import type { AuthResult, LoginInput, ProfileUpdateInput, RegisterInput, User } from '@pasar/core/accounts';
import { api, apiRequest } from '../../../lib/api-client';

export function login(input: LoginInput) {
  return apiRequest<AuthResult>('/auth/login', { method: 'POST', body: input });
}

export function register(input: RegisterInput) {
  return apiRequest<AuthResult>('/auth/register', { method: 'POST', body: input });
}

export function getProfile(signal?: AbortSignal) {
  return api<User>('/profile', { signal });
}

export function updateProfile(input: ProfileUpdateInput) {
  return apiRequest<User>('/profile', { method: 'PUT', body: input });
}
