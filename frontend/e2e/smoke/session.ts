import { type Page, test } from '@playwright/test';
import type { Role } from '../../src/api/types';
import { LoginPage } from '../pages/LoginPage';
import { mockApi, type MockApi } from './mockApi';
import { PASSWORD, usernameOf } from './mockData';

/** Where a smoke screenshot goes. */
export const shot = (name: string) => `test-results/smoke/${name}.png`;

export const XSRF_TOKEN = 'smoke-xsrf';

/** Mocks the API for `role`, sets the CSRF cookie the console echoes, and signs in by the form. */
export async function signIn(page: Page, role: Role): Promise<MockApi> {
  const api = await mockApi(page, role);
  const baseURL = test.info().project.use.baseURL!;
  await page.context().addCookies([{ name: 'XSRF-TOKEN', value: XSRF_TOKEN, url: baseURL }]);
  await new LoginPage(page).login(usernameOf(role), PASSWORD);
  return api;
}
