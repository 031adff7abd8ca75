import path from "node:path";
import { Language, Parser } from "web-tree-sitter";

await Parser.init({ locateFile: () => path.join("node_modules", "web-tree-sitter", "web-tree-sitter.wasm") });
const parser = new Parser();
parser.setLanguage(await Language.load(path.join("node_modules", process.argv[2] as string)));
const tree = parser.parse(process.argv[3] as string);
console.log(tree?.rootNode.toString());
