/** An error whose message tells the user what to do next. Printed as one line, no stack. */
export class ActionableError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = "ActionableError";
  }
}
