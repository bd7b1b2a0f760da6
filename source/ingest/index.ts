/** Sources → summary trees: what other modules use of ingest. */
export {ingest, pipelineVersion, type IngestFailure, type IngestOptions, type IngestReport, type SummarizerName} from './pipeline.js';
export {textToItem, type TextDocument} from './text-to-item.js';
export {formatChoices, formats, type Format, type FormatChoice} from './formats/detect.js';
