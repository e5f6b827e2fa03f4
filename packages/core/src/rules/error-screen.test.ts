import { describe, expect, it } from 'vitest';
import { apiErrorWith } from '../api/api-error-with.ts';
import { errorScreen, needsCampaign } from './error-screen.ts';

const refused = apiErrorWith;

describe('spec §8 error screen', () => {
  it('shows message as title, description as body, action_text on the button and the additional information', () => {
    const screen = errorScreen(
      refused({ message: 'Sin saldo', description: 'Recarga', action_text: 'Volver', additional_information: 'Ref 9' }),
    );
    expect(screen).toMatchObject({
      title: 'Sin saldo',
      body: 'Recarga',
      actionText: 'Volver',
      additionalInformation: 'Ref 9',
      action: { kind: 'inventory' },
    });
  });

  it('leaves every text to the defaults when the error object has no fields', () => {
    expect(errorScreen(refused({}))).toMatchObject({
      title: null,
      body: null,
      actionText: null,
      action: { kind: 'inventory' },
    });
  });

  it('never shows a developer description (no answer, or an answer outside the contract) as the title', () => {
    const screen = errorScreen(refused({ kind: 'schema', status: 200, message: 'deal.id: expected int' }));
    expect(screen).toMatchObject({ title: null, body: null, problem: 'malformed' });
  });

  it('code -100: the button retries the deal', () => {
    expect(errorScreen(refused({ error_code: -100 })).action).toEqual({ kind: 'retry' });
  });

  it('code -13: the button goes to redirect_url and the body shows the email domain', () => {
    const screen = errorScreen(
      refused({ error_code: '-13', redirect_url: 'https://vendo.mx/correo', email_domain: 'acme.mx' }),
    );
    expect(screen.action).toEqual({ kind: 'redirect', url: 'https://vendo.mx/correo' });
    expect(screen.emailDomain).toBe('acme.mx');
  });

  it('code -13 with a javascript: redirect_url never links it: the button goes to the inventory', () => {
    expect(errorScreen(refused({ error_code: -13, redirect_url: 'javascript:alert(1)' })).action).toEqual({
      kind: 'inventory',
    });
  });

  it('any other code: the button goes to the inventory', () => {
    expect(errorScreen(refused({ error_code: -7, redirect_url: 'https://vendo.mx' })).action).toEqual({
      kind: 'inventory',
    });
  });

  it('code -11 with an http(s) redirect_url goes to the campaign requirement; without one it does not', () => {
    expect(needsCampaign(refused({ error_code: -11, redirect_url: 'https://vendo.mx/campana' }))).toBe(true);
    expect(needsCampaign(refused({ error_code: -11 }))).toBe(false);
    expect(needsCampaign(refused({ error_code: -11, redirect_url: 'data:text/html,x' }))).toBe(false);
  });

  it.each([
    [null, 'unknownStatus'],
    [refused({ kind: 'network', status: null }), 'unreachable'],
    [refused({ kind: 'schema', status: 200 }), 'malformed'],
    [refused({ status: 404 }), 'notFound'],
    [refused({ status: 404, message: 'No existe' }), 'refused'],
  ] as const)('names the problem the web explains when the server gave no words (%#)', (error, problem) => {
    expect(errorScreen(error).problem).toBe(problem);
  });
});
