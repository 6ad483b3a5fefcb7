/**
 * Every message people read that the spec words, in one place. Typos of the source
 * system are corrected as product decision D6 says.
 */
export const MSG = {
  genericError: 'Error occurred, please try again later.',
  notFound: 'The requested resource was not found.',
  apiNotFound: 'No such API operation.',
  unauthorized: 'Please log in to continue.',
  sessionExpired: 'Your session has expired, please log in again.',
  forbidden: 'You are not allowed to do that.',
  xsrf: 'The request could not be verified. Please reload the page and try again.',
  invalidInput: 'Please check the highlighted fields.',
  rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
  databaseUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  pageNotFoundText: 'The page you are looking for might be in another castle.',
  fileTooBig: 'The file you selected is too big. Max file size limit is 5 MB',
  fileType: 'Please select a valid file type',
  required: 'This is required field',
} as const;
