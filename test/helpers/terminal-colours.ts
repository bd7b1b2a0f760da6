/**
 * Ink colours borders through chalk, which settles its colour level when it loads and finds no
 * terminal under vitest. Imported before anything that loads Ink, this gives it a terminal's 16
 * colours, as a person's has.
 */
process.env.FORCE_COLOR = '1';
