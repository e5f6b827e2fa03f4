import { Trans, useLingui } from '@lingui/react/macro';
import { COUNTRY_CODES } from '@vendo/core';
import { Button, Checkbox, Notice, Select, TextField } from '@vendo/ui';
import { type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { submitForm } from '../../lib/frame/submit-form.ts';
import { href } from '../../lib/paths.ts';
import { useLogin, useLoginReady, useLoginSend } from './login.tsx';
import { type CodeErrorCode, signInErrorMessages, signInProblemMessages } from './sign-in-messages.ts';

interface SignInFields extends HTMLFormControlsCollection {
  readonly country: HTMLSelectElement;
  readonly phone: HTMLInputElement;
  readonly privacy: HTMLInputElement;
}

const fieldsOf = (form: HTMLFormElement) => form.elements as SignInFields;

/**
 * Spec §2 `/` and the login modal's step 0: country code, phone, privacy checkbox.
 *
 * Issue 31: `/` comes server-drawn and works from its first paint. Its fields are the browser's own
 * (uncontrolled): React keeps what was typed before it took the page over, the flow is handed the fields
 * when it starts, and its reading of them (a pasted +52 number sets the country) is written back. Sent
 * before the app runs, the form goes to the server itself (`POST /`, sent-forms.ts); sent once the app
 * runs but before the flow's code has arrived, it is sent to the flow as it starts.
 */
export function SignInForm() {
  const login = useLogin();
  const send = useLoginSend();
  const ready = useLoginReady();
  const { t, i18n } = useLingui();
  const form = useRef<HTMLFormElement>(null);
  const [held, setHeld] = useState(false);
  const handed = useRef(false);
  // A form refused before the flow ran (by the server, or held until the flow came) focuses its first field
  // in error once the flow runs, as submitForm does for a form sent to a running flow (issue 15 point 20).
  const refusedFocus = useRef(true);
  // As the flow starts, it is handed what was typed, ticked or sent meanwhile (the fields are right as they
  // are, whatever the view drawn then says); from then on, its reading of the fields is written back.
  useLayoutEffect(() => {
    const fields = form.current && fieldsOf(form.current);
    if (!ready || !fields) {
      handed.current = false;
      return;
    }
    if (handed.current) {
      // Only a phone read as another country's number changes what was typed (issue 15 point 6).
      if (fields.phone.value !== login.phone) fields.phone.value = login.phone;
      fields.country.value = login.country;
      return;
    }
    handed.current = true;
    if (fields.country.value !== login.country) send({ type: 'country.changed', country: fields.country.value });
    if (fields.phone.value !== login.phone) send({ type: 'phone.changed', phone: fields.phone.value });
    if (fields.privacy.checked !== login.privacyAccepted) {
      send({ type: 'privacy.changed', accepted: fields.privacy.checked });
    }
    if (held) {
      refusedFocus.current = true;
      send({ type: 'phone.submitted' });
    }
  }, [ready, send, held, login.country, login.phone, login.privacyAccepted]);
  useLayoutEffect(() => {
    if (!ready || !refusedFocus.current || !Object.values(login.problems).some(Boolean)) return;
    refusedFocus.current = false;
    form.current?.querySelector<HTMLElement>('[aria-invalid=true]')?.focus();
  }, [ready, login.problems]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (ready) return submitForm(event, () => send({ type: 'phone.submitted' }));
    event.preventDefault();
    setHeld(true);
  };
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
  return (
    <form ref={form} className="vendo-form" method="post" action={href('signIn')} onSubmit={submit} noValidate>
      <fieldset className="vendo-fieldset">
        <Select
          label={t`Country code`}
          name="country"
          defaultValue={login.country}
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
          defaultValue={login.phone}
          onChange={(event) => send({ type: 'phone.changed', phone: event.target.value })}
          error={problem('phone')}
        />
        <Checkbox
          name="privacy"
          defaultChecked={login.privacyAccepted}
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
        <Button type="submit" width="full" busy={login.busy || (held && !ready)} busyLabel={t`Sending your code…`}>
          <Trans>Send me a code</Trans>
        </Button>
      </fieldset>
    </form>
  );
}
