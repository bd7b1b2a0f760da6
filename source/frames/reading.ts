// The reading half of the frames library: the .drills/ tree as it is on disk, for the drills
// domain. A face of its own, so that what walks the tree (the explorer's first screen among them)
// does not load drilling down and up, the plan sinks and the repairs with it.
export {resolveFrames} from './config.js';
export {FrameState} from './state.js';
export {chainOf, drillsFolderName, type DrillEntry} from './files/tree.js';
export {sectionText} from './files/drill-file.js';
export {shaPattern} from './files/naming.js';
export {readInsideRoot} from './files/confined-read.js';
