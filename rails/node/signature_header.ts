/**
 * The response header of a signed free answer: the base64 Ed25519 signature over the answer
 * (`./free_answer.ts`). Its own module so a server can name it without loading the signer.
 */
export const SIGNATURE_HEADER = "X-Provider-Signature";
