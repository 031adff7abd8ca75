// The analysis pool's worker thread starts here: it teaches this thread TypeScript (tsx), then loads the
// worker itself. Worker threads do not take `--import tsx` from their parent's flags.
import { register } from "tsx/esm/api";

register();
await import("./analysis-worker.ts");
