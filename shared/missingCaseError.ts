/**
 * The error of a switch that should have handled every member of a union: `default: throw
 * missingCaseError(x)` fails to compile once a member is added and left unhandled, and still says
 * which value slipped through at run time (a row written by a newer version, say).
 * After Signal Desktop's ts/util/missingCaseError.ts.
 */
export function missingCaseError(x: never): TypeError {
  return new TypeError(`unhandled case: ${JSON.stringify(x)}`);
}
