import * as z from 'zod/mini';
import { CardBrand } from './card.ts';
import { cvvPattern } from './card-number.ts';
import { AutoTopUpSettings, Gender, Rating } from './member.ts';
import { codePattern, employeeNumberPattern, phonePattern } from './member-formats.ts';
import { CalendarDate, CountryCode, Id, Locale } from './primitives.ts';
import { vendoChoice } from './vendo-choice.ts';

/** What the spec's calls send (spec §7): the bodies the app writes and the provider checks. */
const phone = z.string().check(z.regex(phonePattern));
const currency = z.string().check(z.length(3));
/**
 * Whole units of the top-up's currency (spec §5: digits only, no decimals; at most 2000 pesos). The
 * maximum is stated per currency (`topUpMaxima`): the provider checks it once it knows the currency
 * and refuses more as `amount_too_large` (issue 32 point 5).
 */
const topUpAmount = z.int().check(z.positive());

/**
 * Issue 32 points 1 and 2: the opaque id of one code's send. The app sends it back with the code, and the
 * server compares the code with that send's code only: nobody else's guesses reach it.
 */
export const CodeChallenge = z.string().check(z.minLength(1), z.maxLength(64));
const challengeChoice = 'beyond the spec: binds a code to the request that asked for it (issue 32 points 1, 2)';

export const RequestCodeBody = z.object({ phone, countries: CountryCode });
/** Spec §7: 200 or 204 is success, whatever the body; an error object in it is not (spec §8). */
export const CodeSent = z.optional(
  z
    .looseObject({ challenge: vendoChoice(CodeChallenge, challengeChoice) })
    .check(z.refine((body) => !('error' in body || 'errors' in body))),
);
export const ConfirmCodeBody = z.object({
  phone,
  countries: CountryCode,
  verify_code: z.string().check(z.regex(codePattern)),
  challenge: vendoChoice(CodeChallenge, challengeChoice),
});
export const UpdateMemberBody = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(120)),
  gender: Gender,
  email: z.email(),
  birth_date: CalendarDate,
  facebook_uid: z.optional(z.string().check(z.regex(employeeNumberPattern))),
  resend_email_confirmation: z.optional(z.boolean()),
  locale: vendoChoice(
    Locale,
    'beyond the spec: the language the member uses, for the e-mails sent to them (issue 35 point 4)',
  ),
  /** Every receipt e-mailed to the member's confirmed address as it is issued; left out, the setting stays as it was. */
  send_receipts: vendoChoice(z.boolean(), 'beyond the spec: "send me every receipt" by e-mail (issue 35 point 4)'),
});
export const AddCardBody = z.object({
  token: z.string().check(z.minLength(1)),
  device_session_id: z.string().check(z.minLength(1)),
  holder_name: z.string().check(z.minLength(1), z.maxLength(120)),
  brand_name: CardBrand,
});
export const AddVoucherCardBody = z.object({
  code: z.string().check(z.minLength(1), z.maxLength(256)),
  redirect_uri: z.optional(z.string()),
});
/**
 * Issue 32 point 5: the machine a top-up is made for. Its country's currency is the balance the top-up
 * loads and its limits apply; without it the top-up is in MXN.
 */
const topUpMachine = vendoChoice(Id, 'beyond the spec: its machine (issue 32 point 5)');

export const SavedCardTopUpBody = z.object({
  credit_card_id: Id,
  amount: topUpAmount,
  currency,
  cvv: z.string().check(z.regex(cvvPattern)),
  update_cvv: z.boolean(),
  with_redirect: z.literal(false),
  product_server_id: topUpMachine,
});
export const CardlessTopUpBody = z.object({
  amount: topUpAmount,
  currency,
  with_redirect: z.boolean(),
  product_server_id: topUpMachine,
});
export const TopUpBody = z.union([SavedCardTopUpBody, CardlessTopUpBody]);
export const AmountBody = z.object({ amount: topUpAmount, currency, product_server_id: topUpMachine });
export const AutoTopUpBody = z.object({ settings: AutoTopUpSettings });
export const RatingBody = z.object({ community_member_id: Id, rating: Rating.shape.rating });
export const CardLinkBody = z.object({ product_server_id: Id });
