// UserError: the one kind of error whose message a person is shown as it is — a refusal with its reason, in words they
// can act on ("the name "Ann" is taken: pick another"). Every such error is a UserError or extends it (AdminError,
// PeopleError, PlayError, SettingsError, RateLimitError, AdminRequiredError); anything else is the server's problem:
// logged, and answered with a generic sentence (lib/actions/define.ts).

/** Marks a UserError from any copy of this module (see `Symbol.hasInstance` below). */
const USER_ERROR = Symbol.for('arena.UserError');

export class UserError extends Error {
  override name = 'UserError';
  /** The form field it is about, when there is one (the form marks it invalid). */
  readonly field?: string;

  constructor(message: string, opts: { field?: string } = {}) {
    super(message);
    if (opts.field !== undefined) this.field = opts.field;
  }

  /**
   * `err instanceof UserError` holds for a UserError made by any copy of this module: the scheduler runs outside
   * Next's bundle (server/main.ts), so what it throws into a server action is an instance of another copy of these
   * classes. A subclass (`err instanceof PlayError`) keeps the ordinary test.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    if (this !== UserError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && USER_ERROR in value;
  }
}
Object.defineProperty(UserError.prototype, USER_ERROR, { value: true });
