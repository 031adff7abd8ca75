/**
 * How long a test (or a hook) may take before it is failed as hung: 30 minutes. Long enough that no load a
 * machine can be under makes a working test fail by time (issue 47: the suite passes while another CPU-bound
 * job holds both cores), short enough that a hang ends the run well inside CI's 90 minutes. Tests state no
 * time limits of their own below it; a test that waits for something says what, within this.
 */
export const HUNG_MS = 30 * 60_000;
