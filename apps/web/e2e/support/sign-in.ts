import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { PhoneVerificationPage } from '../pages/phone-verification.ts';
import { SignInPage } from '../pages/sign-in.ts';
import { completeMember, lastCode } from './members.ts';

/** Signs in, through the screens, a member of its own with a complete profile and a card (and a balance). */
export async function signInThroughScreens(page: Page, request: APIRequestContext, balance = 0) {
  const member = await completeMember(request, balance);
  const signIn = new SignInPage(page);
  await signIn.open();
  // The native-app prompt was dismissed for good: journeys that are not about it go on undisturbed.
  await page.context().addCookies([{ name: 'vendo.dismissed.native-app', value: '1', url: page.url() }]);
  await signIn.fill(member.phone);
  await signIn.send();
  const verification = new PhoneVerificationPage(page);
  await verification.expectOpen();
  await verification.type(await lastCode(request, member.phone));
  await expect(page).toHaveURL(/\/machine-selection$/);
  return member;
}
