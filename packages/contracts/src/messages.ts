/**
 * Every validation and error message the server can answer with, in English.
 * The console shows them through i18n: each key has an Arabic translation in the console's locale files,
 * and `messageKeyOf` turns a server message back into its key.
 */
export const messages = {
  required: 'This field is required',
  emailRequired: 'The email field is required',
  emailInvalid: 'The email must be a valid email address',
  emailTaken: 'The email has already been taken',
  usernameRequired: 'The username field is required',
  usernameTaken: 'The username has already been taken',
  nameRequired: 'The name field is required',
  passwordRequired: 'The password field is required',
  passwordMin6: 'The password must be at least 6 characters',
  passwordMin8: 'The password must be at least 8 characters',
  usernameMin8: 'The username must be at least 8 characters',
  nameMin8: 'The name must be at least 8 characters',
  confirmationRequired: 'The password confirmation field is required',
  confirmationMismatch: 'The password confirmation does not match',
  oldPasswordWrong: 'The old password is not correct',
  invalidCredentials: 'Invalid User Credentials Please Try Again',
  tooManyAttempts: 'Too many login attempts, please try again later',
  givenDataInvalid: 'The given data was invalid.',
  verificationMail: 'Please check your email inbox for the verification mail',
  signupClosed: 'This server takes no sign-ups: ask its operator for an account',
  tooManySignups: 'Too many sign-ups from your network, please try again in an hour',
  errorAccessToken: 'Error Access Token',
  socialEmailMismatch: 'The email must be the address your Facebook account gave',
  socialIdentityTaken: 'This Facebook account already signs in to another account',
  unauthenticated: 'Unauthenticated',
  notFound: 'Not found',
  alreadyTaken: 'already been taken',
  serverError: 'Server error',
  oneFileOnly: 'Send one file at a time',
  storageFull: 'The server is out of storage space and cannot save anything now; please try again later',
  successfullyUpdated: 'successfully updated',
  successfullySaved: 'Successfully saved',
  fileTooLarge: 'The file size exceeds the limit',
  fileTypeUnsupported: 'This file type is not supported',
  requestTooLarge: 'The request body is too large',
  malformedJson: 'The request body is not valid JSON',
  malformedMultipart: 'The request body is not valid multipart form data',
  malformedPath: 'The address is not valid',
  headersTooLarge: 'The request address or headers are too large',
  requestTimeout: 'The request took too long to arrive',
  activationInvalid: 'The activation link is not valid',
  accountActivated: 'Your account is activated, you can sign in now',
  emailChangePending: 'Saved. Your email changes when you open the link we sent to the new address',
  emailChangeInvalid: 'The email confirmation link is not valid or has expired',
  emailChanged: 'Your email address is changed',
  accountNotActive: 'Your account is not activated yet',
  senderInvalid: 'The sender id is not valid',
  textCharacterInvalid: 'The text contains a character that is not allowed',
  nestingTooDeep: 'The data is nested too deeply',
} as const;

export type MessageKey = keyof typeof messages;

const keyByText = new Map<string, MessageKey>(
  Object.entries(messages).map(([key, text]) => [text, key as MessageKey]),
);

/** The catalogue key of a server message, if it is one of ours. */
export function messageKeyOf(text: string): MessageKey | undefined {
  return keyByText.get(text);
}
