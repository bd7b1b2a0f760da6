import {expect, it} from 'vitest';
import {filePath} from '../../../source/ingest/formats/json-values.js';

it('project folders from editor URIs read as people write them: Windows paths, remote folders named by their remote', () => {
	expect(filePath('file:///home/ana/src/api')).toBe('/home/ana/src/api');
	expect(filePath('file:///c%3A/Users/ana/src/api')).toBe('C:\\Users\\ana\\src\\api');
	expect(filePath({scheme: 'file', path: '/d:/work/web'})).toBe('D:\\work\\web');
	// Continue and Copilot record a dev container's folder with its settings hex-encoded in the authority.
	const container = Buffer.from(JSON.stringify({hostPath: '/home/u/dashboard_mictlan'})).toString('hex');
	expect(filePath(`vscode-remote://dev-container%2B${container}/workspaces/dashboard_mictlan`)).toBe('dev-container: /workspaces/dashboard_mictlan');
	expect(filePath('vscode-remote://ssh-remote%2Bbuild01/srv/api')).toBe('ssh-remote build01: /srv/api');
	expect(filePath('vscode-remote://wsl%2BUbuntu/home/ana/api')).toBe('wsl Ubuntu: /home/ana/api');
	expect(filePath('C:\\Users\\ana')).toBe('C:\\Users\\ana');
});
