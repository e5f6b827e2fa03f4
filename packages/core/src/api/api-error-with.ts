import type { ApiError } from './api-error.ts';
import { blankErrorFields } from './transport-error.ts';

/** Test helper: an answered (http 422) ApiError with only the fields a test cares about set. */
export const apiErrorWith = (fields: Partial<ApiError>): ApiError => ({
  ...blankErrorFields,
  kind: 'http',
  status: 422,
  method: 'POST',
  path: '/community_members/confirm',
  ...fields,
});
