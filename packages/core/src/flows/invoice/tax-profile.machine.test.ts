import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { httpError } from '../../api/api-error.ts';
import { transportError } from '../../api/transport-error.ts';
import type { TaxProfile } from '../../contract/index.ts';
import { settle } from '../../test-support/clock.ts';
import { serverProblemsOf, type TaxProfileInput, taxProfileMachine } from './tax-profile.machine.ts';
import { taxProfileView } from './tax-profile.view.ts';

/** SAT's test taxpayer: a persona física (13 characters) under 612, asking for G03. */
const saved: TaxProfile = {
  rfc: 'XIQB891116QE4',
  name: 'BERENICE XIMO QUEZADA',
  postal_code: '40968',
  tax_regime: '612',
  cfdi_use: 'G03',
};

const line = { method: 'PATCH', path: '/community_members/17/tax_profile' };

function start(
  options: { read?: () => Promise<TaxProfile | null>; save?: (profile: TaxProfile) => Promise<TaxProfile> } = {},
) {
  const sent: TaxProfile[] = [];
  const actor = createActor(
    taxProfileMachine.provide({
      actors: {
        loadProfile: fromPromise(options.read ?? (async () => null)),
        saveProfile: fromPromise<TaxProfile, TaxProfileInput & { profile: TaxProfile }>(async ({ input }) => {
          sent.push(input.profile);
          return options.save ? options.save(input.profile) : input.profile;
        }),
      },
    }),
    { input: { memberId: 17 }, clock: new SimulatedClock() },
  ).start();
  const type = (field: keyof TaxProfile, value: string) => actor.send({ type: 'field.changed', field, value });
  const fill = (profile: TaxProfile) => {
    for (const [field, value] of Object.entries(profile)) type(field as keyof TaxProfile, value);
  };
  return { actor, sent, type, fill, view: () => taxProfileView(actor.getSnapshot()) };
}

describe('issue 37 point 3: the tax profile form', () => {
  it('opens with the profile the member saved before', async () => {
    const form = start({ read: async () => saved });

    await settle();

    expect(form.view().form).toEqual(saved);
  });

  it('writes the RFC in capitals as it is typed', async () => {
    const form = start();
    await settle();

    form.type('rfc', 'xiqb891116qe4');

    expect(form.view().form.rfc).toBe('XIQB891116QE4');
  });

  it('offers only the regimes of a persona física for a 13-character RFC, and of a moral one for 12', async () => {
    const form = start();
    await settle();

    form.type('rfc', 'XIQB891116QE4');
    const fisica = form.view().regimes.map((regime) => regime.code);
    form.type('rfc', 'EKU9003173C9');
    const moral = form.view().regimes.map((regime) => regime.code);

    expect([fisica.includes('605'), fisica.includes('601'), moral.includes('601'), moral.includes('605')]).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });

  it('clears a CFDI use the newly chosen regime does not allow (D01 is for persons, not for 601)', async () => {
    const form = start();
    await settle();
    form.type('tax_regime', '605');
    form.type('cfdi_use', 'D01');

    form.type('tax_regime', '601');

    expect(form.view().form.cfdi_use).toBe('');
  });

  it('keeps a CFDI use the new regime allows too (G03 for 605 and 612)', async () => {
    const form = start();
    await settle();
    form.type('tax_regime', '605');
    form.type('cfdi_use', 'G03');

    form.type('tax_regime', '612');

    expect(form.view().form.cfdi_use).toBe('G03');
  });

  it('sends nothing while the form has problems, and shows each under its field', async () => {
    const form = start();
    await settle();
    form.fill({ ...saved, rfc: 'XIQB891116QE5', postal_code: '4096' });

    form.actor.send({ type: 'profile.submitted' });
    await settle();

    expect([form.sent, form.view().problems]).toEqual([
      [],
      { rfc: 'rfc_check_digit', postal_code: 'postal_code_format' },
    ]);
  });

  it('saves a profile without problems', async () => {
    const form = start();
    await settle();
    form.fill(saved);

    form.actor.send({ type: 'profile.submitted' });
    await settle();

    expect([form.sent, form.view().saved]).toEqual([[saved], true]);
  });

  it("shows the provider's 422 under its field and keeps what was typed", async () => {
    const form = start({
      save: () =>
        Promise.reject(httpError(line, 422, { error: { message: { postal_code: ['postal_code_format'] } } }, null)),
    });
    await settle();
    form.fill(saved);

    form.actor.send({ type: 'profile.submitted' });
    await settle();

    expect([form.view().problems, form.view().form]).toEqual([{ postal_code: 'postal_code_format' }, saved]);
  });

  it("drops the provider's problem of a field once the member changes it", async () => {
    const form = start({
      save: () =>
        Promise.reject(httpError(line, 422, { error: { message: { postal_code: ['postal_code_format'] } } }, null)),
    });
    await settle();
    form.fill(saved);
    form.actor.send({ type: 'profile.submitted' });
    await settle();

    form.type('postal_code', '40969');

    expect(form.view().problems).toEqual({});
  });

  it('says the save got no answer, keeps what was typed, and saves it when asked again', async () => {
    const answers = [() => Promise.reject(transportError(line, 'network', 'down')), async (p: TaxProfile) => p];
    const form = start({ save: (profile) => (answers.shift() ?? (async (p: TaxProfile) => p))(profile) });
    await settle();
    form.fill(saved);
    form.actor.send({ type: 'profile.submitted' });
    await settle();
    const after = [form.view().failure, form.view().form];

    form.actor.send({ type: 'profile.submitted' });
    await settle();

    expect([...after, form.view().saved]).toEqual(['unreachable', saved, true]);
  });

  it('shows no form where the provider has no invoices (404)', async () => {
    const form = start({ read: () => Promise.reject(httpError({ method: 'GET', path: '/x' }, 404, {}, null)) });

    await settle();

    expect(form.view().unavailable).toBe(true);
  });
});

describe("issue 37 point 3: the provider's refusal of a tax profile", () => {
  it.each([
    [
      { error: { error_code: 'tax_profile_invalid', message: { rfc: ['rfc_generic'] } } },
      [{ field: 'rfc', code: 'rfc_generic' }],
    ],
    [{ errors: [{ error_code: 'use_not_for_regime' }] }, [{ field: 'cfdi_use', code: 'use_not_for_regime' }]],
    [{ error: { error_code: 'tax_profile_invalid' } }, []],
  ])('reads %j under the field it names', (body, problems) => {
    expect(serverProblemsOf(httpError(line, 422, body, null))).toEqual(problems);
  });
});
