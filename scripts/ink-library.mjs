// Ink, React and React's JSX runtime, for the explorer's script bundle (source/cli/explorer.ts):
// built as an ES module of its own (Ink's modules await at the top level, which a CommonJS bundle
// cannot), imported once the first frame is drawn, and read by the bundle through the build's
// ink-shim under the names it imports them by.
export * as ink from 'ink';
export * as react from 'react';
export * as 'react/jsx-runtime' from 'react/jsx-runtime';
