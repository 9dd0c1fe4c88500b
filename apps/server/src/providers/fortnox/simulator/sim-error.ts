import { FORTNOX_ERROR, fortnoxErrorBody } from '../error-codes';

/** A refusal the simulator answers with Fortnox's error body. */
export class SimError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }

  body() {
    return fortnoxErrorBody(this.code, this.message);
  }
}

export const notFound = (code: number, message: string) => new SimError(404, code, message);
export const badRequest = (code: number, message: string) => new SimError(400, code, message);
export const invalidParameter = () => badRequest(FORTNOX_ERROR.invalidParameter, 'Ogiltig parameter i anropet.');
