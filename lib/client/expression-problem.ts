/** Why an expression was refused, and where: line and column are 1-based, as the server counts. */
export interface ExpressionProblem {
  message: string;
  line?: number;
  column?: number;
}

/**
 * Read a 400's message for one expression field. The server writes
 * `<field path>: at <line>:<column>: <what was expected>` for expressions that do not parse or
 * check; anything else (a length limit, say) has no position and is shown as it is.
 */
export function expressionProblem(serverMessage: string): ExpressionProblem {
  const found = /\bat (\d+):(\d+): ([\s\S]*)$/.exec(serverMessage);
  if (!found) return { message: serverMessage.replace(/^[\w.[\]]+: /, "") };
  return { line: Number(found[1]), column: Number(found[2]), message: found[3]! };
}
