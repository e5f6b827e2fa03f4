import { Trans, useLingui } from '@lingui/react/macro';
import { COUNTRY_CODES } from '@vendo/core';
import { Button, Checkbox, Notice, Select, TextField } from '@vendo/ui';
import type { FormEvent } from 'react';
import { submitForm } from '../../lib/frame/submit-form.ts';
import { useHydrated } from '../../lib/hydration.ts';
import { useLogin, useLoginReady, useLoginSend } from './login.tsx';
import { type CodeErrorCode, signInErrorMessages, signInProblemMessages } from './sign-in-messages.ts';

/** Spec §2 `/` and the login modal's step 0: country code, phone, privacy checkbox. */
export function SignInForm() {
  const login = useLogin();
  const send = useLoginSend();
  const { t, i18n } = useLingui();
  // `/` comes server-rendered: what a member typed before the page hydrates would be dropped, and the
  // browser would send the form itself. The fields then wait for the flow, whose code comes after.
  const hydrated = useHydrated();
  const ready = useLoginReady();
  const countryNames: Record<(typeof COUNTRY_CODES)[number], string> = {
    '+52': t`Mexico`,
    '+31': t`Netherlands`,
    '+1': t`United States and Canada`,
    '+972': t`Israel`,
    '+81': t`Japan`,
  };
  const problem = (field: keyof typeof login.problems) => {
    const code = login.problems[field];
    return code ? i18n._(signInProblemMessages[code]) : undefined;
  };
  const submit = (event: FormEvent<HTMLFormElement>) => submitForm(event, () => send({ type: 'phone.submitted' }));
  return (
    <form className="vendo-form" onSubmit={submit} noValidate>
      <fieldset className="vendo-fieldset" disabled={!hydrated || !ready}>
        <Select
          label={t`Country code`}
          name="country"
          value={login.country}
          options={COUNTRY_CODES.map((code) => ({ value: code, label: `${code} ${countryNames[code]}` }))}
          onChange={(event) => send({ type: 'country.changed', country: event.target.value })}
          error={problem('country')}
        />
        <TextField
          label={t`Phone number (10 digits)`}
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          value={login.phone}
          onChange={(event) => send({ type: 'phone.changed', phone: event.target.value })}
          error={problem('phone')}
        />
        <Checkbox
          name="privacy"
          checked={login.privacyAccepted}
          onChange={(event) => send({ type: 'privacy.changed', accepted: event.target.checked })}
          error={problem('privacy')}
          label={
            <Trans>
              I accept the{' '}
              <a href="https://vendo.mx/privacidad" target="_blank" rel="noopener noreferrer">
                privacy notice
              </a>
            </Trans>
          }
        />
        {login.error ? (
          <Notice tone="error">
            {i18n._({
              // Code failures happen on the code step only: going back to the phone clears them.
              ...signInErrorMessages[login.error as Exclude<typeof login.error, CodeErrorCode>],
              values: { minutes: login.waitMinutes },
            })}
          </Notice>
        ) : null}
        <Button type="submit" width="full" busy={login.busy} busyLabel={t`Sending your code…`}>
          <Trans>Send me a code</Trans>
        </Button>
      </fieldset>
    </form>
  );
}
