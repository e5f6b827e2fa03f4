import { describe, expect, it } from 'vitest';
import { href, openAtEmployeeGate, paths } from './paths.ts';

/** Spec §2, every route as written there. */
const specRoutes = [
  '/',
  '/phone-verification',
  '/machine-selection',
  '/machine-selection/:selectNew',
  '/machine-inventory',
  '/machine-inventory/:balanceRecharged',
  '/:vendingMachineName',
  '/product/:productId',
  '/top-up',
  '/payment-methods',
  '/select-payment-method',
  '/add-payment-method',
  '/add-payment-method-mobile/:cmId/:cmName',
  '/edenred/callback',
  '/profile',
  '/edit-profile',
  '/history',
  '/add-rfid-device-page',
  '/add-rfid-card-page',
  '/linking-rfid-card-page',
  '/connecting-machine-rfid',
  '/authenticate-user-rfid-page',
  '/tap-card-rfid-page',
  '/card-link-successful-page',
  '/connecting',
  '/download',
  '/download_with_campaign',
  '/auto-delivery',
  '/machine-ready',
  '/connection-error',
  '/transaction-error',
  '/campaign-requirement',
];

const patterns = Object.values(paths).map((path) => path.pattern as string);

describe('spec §2 route table', () => {
  it.each(specRoutes)('has the route %s', (route) => {
    expect(patterns).toContain(route);
  });

  it('puts /:vendingMachineName last, so named routes match first', () => {
    expect(patterns.at(-1)).toBe('/:vendingMachineName');
  });

  it('keeps the sign-in page and the machine inventory open to visitors (spec §6)', () => {
    expect([paths.signIn.access, paths.machineInventory.access, paths.machineByName.access]).toEqual([
      'signIn',
      'public',
      'public',
    ]);
  });

  it('keeps member pages for members', () => {
    expect([paths.profile.access, paths.topUp.access, paths.history.access]).toEqual(['member', 'member', 'member']);
  });

  it('fills route parameters', () => {
    expect(href('product', { productId: 101 })).toBe('/product/101');
  });

  it('issue 15 point 1: a member held for an employee number may still choose another machine, and nothing else', () => {
    expect([...openAtEmployeeGate].sort()).toEqual(
      ['editProfile', 'machineByName', 'machineSelection', 'machineSelectionNew'].sort(),
    );
  });
});
