import { UNKNOWN_OWNER } from "../hunk-lines";
import type { Wrapper, WrapRequest } from "../language";
import { leavesTheBody } from "./hunks";

/**
 * Python: under a `def` header (its indentation read back from the hunk), the hunk's lines keep their own
 * levels below a stand-in function at the header's: deeper lines are its body, lines at its level are its
 * siblings, lines less indented are outside it, so a hunk may run past the function and past its class (a
 * method's: the class an earlier hunk showed, where the hunks say which, else an unknown one). Null when the
 * header is no `def`.
 */
export function pythonWrap({ context, lines, carriedClass }: WrapRequest): Wrapper | null {
  const pythonDef = /^(\s*)(?:async\s+)?def\s/.exec(context);
  if (!pythonDef) return null;
  const level = (pythonDef[1] as string).length;
  return level > 0
    ? {
        prefix: [`class ${carriedClass ?? UNKNOWN_OWNER}:`, "    def __hintscope__(self):"],
        suffix: [],
        owner: null,
        dedent: true,
        dedentBy: level - 4,
        stubBody: "        ",
        inBody: false,
      }
    : {
        prefix: ["def __hintscope__():"],
        suffix: [],
        owner: null,
        dedent: true,
        dedentBy: 0,
        stubBody: "    ",
        // A hunk that goes on past the function to definitions beside it defines module names there.
        inBody: !leavesTheBody(lines, 0),
      };
}
