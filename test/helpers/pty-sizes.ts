/** The sizes (COLSxROWS) at which vitest.config.ts runs test/terminal/: a small terminal and a roomy one. */
export const ptySizes = ['80x24', '120x40'] as const;
