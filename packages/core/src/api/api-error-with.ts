import type { ApiError } from './api-error.ts';

/** Test helper: an answered (http 422) ApiError with only the fields a test cares about set. */
export const apiErrorWith = (fields: Partial<ApiError>): ApiError => ({
  kind: 'http',
  status: 422,
  method: 'POST',
  path: '/community_members/confirm',
  error_code: null,
  message: null,
  description: null,
  action_text: null,
  redirect_url: null,
  cta_image_url: null,
  email_domain: null,
  additional_information: null,
  field_errors: {},
  retry_after: null,
  issues: [],
  ...fields,
});
