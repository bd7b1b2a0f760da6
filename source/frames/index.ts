// The .drills/ tree: /drill and /undrill as a library. The CLI, the app and the MCP server call
// these functions; each returns a plain JSON-able object and throws only DrillError.
export {drillDown, type DownOptions, type DownResult} from './down.js';
export {drillUp, type UpOptions, type UpResult} from './up.js';
export {frameStatus, type PendingPlan, type StatusResult} from './status.js';
export {repairFrames, type RepairResult} from './repair.js';
export {retrospect, type RetrospectOptions, type RetrospectResult, type RoutedAction} from './retrospect.js';
export {defaultMaxDepth, drillsProject, resolveFrames, type FramesConfig, type FramesTarget} from './config.js';
export {parsePlanText, validatePlan, actionFields, planScopes, planSinks, type MergedAction, type PlanScope, type PlanSink, type PreventionAction} from './plan/plan.js';
export {mergePlans, normalizeAction} from './plan/merge.js';
export {slugify, drillNamePattern, parseDrillName} from './files/naming.js';
export {sinkRoutes} from './plan/sinks.js';
export {drillNamespace} from './store-index.js';
export type {FrameSummary} from './frame-summary.js';

// Reading the tree as it is on disk (the drills domain walks it, through ./reading.js alone).
export {FrameState, chainOf, drillsFolderName, readInsideRoot, sectionText, shaPattern, type DrillEntry} from './reading.js';
