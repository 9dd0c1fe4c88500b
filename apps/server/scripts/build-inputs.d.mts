// Types of build-inputs.mjs (plain JavaScript, so that `npm start` decides without a compiler).
export interface BuildSpec {
  /** Files and folders relative to the repository root; `!path` leaves one out. */
  inputs: string[];
  /** The environment variables the build reads. */
  env: (name: string) => boolean;
  output: string;
  /** The file whose absence means there is no build. */
  required: string;
  /** Where the hash of the inputs of the last build is kept. */
  stamp: string;
}
interface RootOption {
  root?: string;
}
export const ROOT: string;
export const BUILDS: { web: BuildSpec; server: BuildSpec };
export function inputsHash(build: BuildSpec, options?: RootOption & { env?: Record<string, string | undefined> }): string;
export function isCurrent(build: BuildSpec, hash: string, options?: RootOption): boolean;
export function clearStamp(build: BuildSpec, options?: RootOption): void;
export function writeStamp(build: BuildSpec, hash: string, options?: RootOption): void;
