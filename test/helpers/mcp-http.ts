import {spawn, type ChildProcessWithoutNullStreams} from 'node:child_process';
import path from 'node:path';
import {cliPath} from './cli.js';
import {fixtureStore, fixturesDir} from './fixture-store.js';

export interface HttpServer {
	server: ChildProcessWithoutNullStreams;
	url: URL;
	/** What the server has written to standard error so far. */
	stderr: () => string;
	/** SIGTERM, and wait for the exit. */
	stop: () => Promise<void>;
}

/** The built `drill mcp --http` on a free loopback port, over the fixture store and knowledge, with `cwd` as its drills root. */
export async function startHttpServer(cwd: string): Promise<HttpServer> {
	const server = spawn(process.execPath, [cliPath, 'mcp', '--http', '127.0.0.1:0', '--store', fixtureStore(), '--knowledge', path.join(fixturesDir, 'knowledge'), '--drills', cwd], {cwd, env: {PATH: process.env.PATH ?? '', HOME: cwd, NO_COLOR: '1'}});
	server.stderr.setEncoding('utf8');
	let stderr = '';
	const url = await new Promise<URL>((resolve, reject) => {
		server.stderr.on('data', (chunk: string) => {
			stderr += chunk;
			const match = /listening on (http:\/\/\S+)/u.exec(stderr);
			if (match) resolve(new URL(match[1]!));
		});
		server.once('exit', (code) => reject(new Error(`drill mcp --http exited ${code}: ${stderr}`)));
	});
	const stop = async () => {
		if (server.exitCode !== null) return;
		const exited = new Promise((resolve) => server.once('exit', resolve));
		server.kill('SIGTERM');
		await exited;
	};
	return {server, url, stderr: () => stderr, stop};
}
