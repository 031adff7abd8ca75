// The analysis pool's worker thread starts here: it teaches this thread TypeScript (tsx), then hands piscina
// the worker's task function. Worker threads do not take `--import tsx` from their parent's flags.
import { register } from "tsx/esm/api";

register();
const worker = await import("./analysis-worker.ts");
export default worker.default;
