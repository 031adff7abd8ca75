// Ruby's vocabulary the extractor reads by name: accessor macros, sends, and how a method's parameters are written.
import type { Node } from "web-tree-sitter";
import { withoutTrailingCommas } from "../syntax-facts";

export const ACCESSORS = new Set(["attr_accessor", "attr_reader", "attr_writer"]);
/** Class-body macros that declare accessors named by every symbol they are given (Rails' and the like). */
export const MORE_ACCESSORS = new Set([
  "cattr_accessor",
  "cattr_reader",
  "cattr_writer",
  "mattr_accessor",
  "mattr_reader",
  "mattr_writer",
  "class_attribute",
  "delegate",
]);
/** Class-body macros that declare one accessor, named by their first symbol (`config_param :name, :string`). */
export const FIRST_SYMBOL_ACCESSORS = new Set(["config_param", "attribute", "define_method"]);
export const SENDS = new Set(["send", "public_send", "__send__", "respond_to?", "method", "define_method", "try"]);

export const parameterNames = (parameters: Node | null) =>
  (parameters?.namedChildren ?? [])
    .map((p) => (p?.type === "identifier" ? p.text : (p?.childForFieldName("name")?.text ?? "")))
    .filter((name) => /^\w+$/.test(name));

/** A method's parameters as written, with the space before them where there are no parentheses (`def add_child child`). */
export const parameterList = (parameters: Node) =>
  `${parameters.text.startsWith("(") ? "" : " "}${withoutTrailingCommas(parameters)}`;
