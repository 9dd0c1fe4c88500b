/** One step of a sandbox smoke run (`npm run smoke:fortnox`, `npm run smoke:visma`) and how it went. */
export interface SmokeStep {
  step: string;
  ok: boolean;
  detail: string;
  ms: number;
}

/**
 * The step printer both smoke runs share: each step is numbered, timed, recorded and printed as
 * one line (`ok    3. customer (120 ms): 1001 Smoke Test`, `FAIL  4. article: <reason>`); a failed
 * step's error is thrown on, so the run stops there.
 */
export function smokeSteps(log: (line: string) => void = console.log) {
  const steps: SmokeStep[] = [];
  async function step<T>(name: string, run: () => Promise<T>, describe: (value: T) => string = () => ''): Promise<T> {
    const number = String(steps.length + 1).padStart(2);
    const started = Date.now();
    try {
      const value = await run();
      const detail = describe(value);
      const ms = Date.now() - started;
      steps.push({ step: name, ok: true, detail, ms });
      log(`ok    ${number}. ${name} (${ms} ms)${detail ? `: ${detail}` : ''}`);
      return value;
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      steps.push({ step: name, ok: false, detail, ms: Date.now() - started });
      log(`FAIL  ${number}. ${name}: ${detail}`);
      throw error;
    }
  }
  return { steps, step };
}
