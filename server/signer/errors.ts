import { InputError } from "../encoding/input-error";

/** An input error raised inside the signer boundary (a bad path, a format, an undecodable payload). */
export class SignerInputError extends InputError {
  constructor(message: string) {
    super(message);
    this.name = "SignerInputError";
  }
}
