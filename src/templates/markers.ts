/** Stands where the server writes the error message into dist/client/500/index.html. */
export const ERROR_MESSAGE_MARKER = '%%ERROR_MESSAGE%%'
