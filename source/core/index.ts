export * from './depth.js';
export * from './errors.js';
export * from './tree-view.js';
export * from './paging.js';
export * from './registry.js';
export * from './inert-text.js';
export * from './summary-node-id.js';
export * from './hint.js';
