import type {DownRequest, UpRequest} from '../services.js';
import {cleanFrameStatus, errorText} from '../inert-views.js';
import type {EffectContext} from './context.js';

/** Reads the frames' status and asks the frames library to drill down or up. */
export class Frames {
	constructor(private readonly context: EffectContext) {}

	/** Reads the frames' status after the frame being drawn (the panel says "reading…" meanwhile). */
	refresh(): void {
		const {services, dispatch, track} = this.context;
		void track(
			new Promise((resolve) => setImmediate(resolve)).then(() => services.frames.status()).then(
				(status) => dispatch({type: 'frames/status', status: cleanFrameStatus(status)}),
				(error: unknown) => dispatch({type: 'frames/failed', error: errorText(error)}),
			),
		);
	}

	down(request: DownRequest): void {
		this.report(this.context.services.frames.down(request));
	}

	up(request: UpRequest): void {
		this.report(this.context.services.frames.up(request));
	}

	private report(request: Promise<string>): void {
		const {dispatch, track} = this.context;
		void track(
			request.then(
				(message) => dispatch({type: 'dialog/done', message}),
				(error: unknown) => dispatch({type: 'dialog/failed', error: errorText(error)}),
			),
		);
	}
}
