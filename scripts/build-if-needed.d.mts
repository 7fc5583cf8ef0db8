// Types of build-if-needed.mjs (a plain Node script, run without a compiler by `npm start`) for its unit test.
export declare const INPUTS: string[];
export declare const STAMP: string;
export declare function hashInputs(root: string, inputs?: string[]): Promise<string>;
export declare function isBuildCurrent(buildDir: string, hash: string): Promise<boolean>;
export declare function buildIfNeeded(options: {
  root: string;
  build: () => Promise<void>;
  log?: (line: string) => void;
  inputs?: string[];
}): Promise<"built" | "reused">;
export declare function buildOutputSummary(write: (line: string) => void): {
  line: (line: string) => void;
  end: () => void;
};
