/** What {@link updateMirror} did. */
export interface MirrorUpdate {
  /** TypeScript files under the source folder. */
  sources: number;
  /** Mirrored files written afresh (missing, stale or unreadable ones). */
  rebuilt: number;
  /** Mirrored files removed because their source is gone. */
  removed: number;
}

/** Brings the mirror `outDir` of the TypeScript sources in `srcDir` up to date. */
export function updateMirror(srcDir: string, outDir: string): Promise<MirrorUpdate>;

/** The URL of the checkout's CLI entry in its mirror, brought up to date first. */
export function checkoutEntry(root: string): Promise<string>;
