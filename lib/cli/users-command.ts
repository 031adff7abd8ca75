import { createInterface } from "node:readline";
import { ROLES } from "../auth/roles";
import { addUser, listUsers, setDisabled, setPassword, setRole, UserError } from "../server/auth/users";
import type { Database } from "../server/db/client";
import { UsageError } from "./hint-set-commands";

const USAGE = `usage: hints users add NAME --role admin|curator|viewer   (password from a prompt, or the first line of stdin)
       hints users list [--json]
       hints users set-role NAME ROLE
       hints users disable NAME | users enable NAME
       hints users password NAME                     (new password as for add; ends the user's sessions)`;

/** What the keys typed so far make of a hidden answer: still typing, done (Enter), or abandoned (Ctrl-C). */
export type Typed = { state: "typing" | "done" | "abandoned"; value: string };

/**
 * One more piece of terminal input (raw mode: keys as they are pressed) applied to a hidden answer: Enter
 * ends it, Backspace (DEL or BS) takes the last character back, Ctrl-C or Ctrl-D abandons it, other control
 * characters are ignored. Pure, so the keys can be tested without a terminal.
 */
export function typeKeys(typed: Typed, input: string): Typed {
  if (typed.state !== "typing") return typed;
  let { value } = typed;
  for (const ch of input) {
    if (ch === "\r" || ch === "\n") return { state: "done", value };
    if (ch === "\u0003" || ch === "\u0004") return { state: "abandoned", value: "" };
    if (ch === "\u007f" || ch === "\b") value = [...value].slice(0, -1).join("");
    else if (ch >= " ") value += ch;
  }
  return { state: "typing", value };
}

/** Asks a question at the terminal and reads the answer in raw mode, echoing nothing of it. */
function readHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(question);
  return new Promise((resolve, reject) => {
    let typed: Typed = { state: "typing", value: "" };
    const done = () => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write("\n");
    };
    const onData = (chunk: Buffer) => {
      typed = typeKeys(typed, chunk.toString("utf8"));
      if (typed.state === "typing") return;
      done();
      if (typed.state === "done") resolve(typed.value);
      else reject(new UsageError("abandoned"));
    };
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on("data", onData);
  });
}

/** Reads a password: typed twice without echo at a terminal, else the first line of standard input. */
export async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    throw new UsageError("no password on standard input");
  }
  const ask = (question: string) => readHidden(question);
  const first = await ask(prompt);
  if ((await ask("Again: ")) !== first) throw new UsageError("the two passwords differ");
  return first;
}

/** `hints users …`: accounts from the server's shell (the first admin is made here). */
export async function runUsersCommand(
  db: Database,
  args: string[],
  options: { role?: string; json: boolean },
  password: (prompt: string) => Promise<string> = readPassword,
): Promise<number> {
  const [sub, name, role] = args;
  try {
    switch (sub) {
      case "add": {
        if (!name || !options.role) throw new UsageError(USAGE);
        const user = await addUser(db, {
          name,
          role: options.role,
          password: await password(`Password for ${name}: `),
        });
        process.stdout.write(`Added ${user.name} (${user.role}).\n`);
        return 0;
      }
      case "list": {
        const users = await listUsers(db);
        if (options.json) process.stdout.write(`${JSON.stringify(users)}\n`);
        else if (users.length === 0) process.stdout.write("No users yet: hints users add NAME --role admin\n");
        else
          for (const u of users)
            process.stdout.write(
              `${u.name.padEnd(24)} ${u.role.padEnd(8)} ${u.disabled ? "disabled" : "enabled "}${u.isDemo ? " demo" : ""}\n`,
            );
        return 0;
      }
      case "set-role": {
        if (!name || !role) throw new UsageError(`${USAGE}\nroles: ${ROLES.join(", ")}`);
        const user = await setRole(db, name, role);
        process.stdout.write(`${user.name} is now ${user.role}.\n`);
        return 0;
      }
      case "disable":
      case "enable": {
        if (!name) throw new UsageError(USAGE);
        await setDisabled(db, name, sub === "disable");
        process.stdout.write(`${name} is ${sub}d${sub === "disable" ? " (signed out everywhere)" : ""}.\n`);
        return 0;
      }
      case "password": {
        if (!name) throw new UsageError(USAGE);
        await setPassword(db, name, await password(`New password for ${name}: `));
        process.stdout.write(`${name} has a new password (signed out everywhere).\n`);
        return 0;
      }
      default:
        throw new UsageError(USAGE);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    if (error instanceof UserError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
