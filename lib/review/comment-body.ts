import { MAX_COMMENT_LENGTH } from "./line-comments";

/**
 * What is wrong with a comment's body, in the words the curator sees, or null when it may be sent: empty, or
 * longer than MAX_COMMENT_LENGTH characters (saying how long it is). The page says it before sending and the
 * server says it again, so a body of megabytes is refused with this message, never by a closed connection.
 */
export function commentBodyProblem(body: string): string | null {
  const text = body.trim();
  if (text === "") return "the comment is empty";
  if (text.length > MAX_COMMENT_LENGTH)
    return `the comment is ${text.length.toLocaleString("en")} characters long: a comment is at most ${MAX_COMMENT_LENGTH.toLocaleString("en")} characters`;
  return null;
}
