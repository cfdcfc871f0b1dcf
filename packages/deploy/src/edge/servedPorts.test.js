// @ts-check
import { apps, remoteNames } from '@murmur/config/apps';
import { describe, expect, it } from 'vitest';
import { portRanges, servedAt } from './servedPorts.js';

describe('the ports serve names', () => {
  it('writes each run of consecutive ports as first-last, in order, each port once', () => {
    expect(portRanges([4003, 4001, 4002])).toBe('4001-4003');
    expect(portRanges([4001, 4002, 4005, 4002])).toBe('4001-4002, 4005');
    expect(portRanges([4000])).toBe('4000');
    expect(portRanges([])).toBe('');
  });

  it("names the shell's address and every remote's port of the apps table", () => {
    const said = servedAt();
    expect(said).toMatch(new RegExp(`^http://localhost:${apps.shell.port} \\(shell\\) and .+ \\(remotes\\)$`));
    const remotePorts = said.replace(/^.* and /, '').replace(/ \(remotes\)$/, '');
    const named = remotePorts.split(', ').flatMap((run) => {
      const [first, end = first] = run.split('-').map(Number);
      return Array.from({ length: Number(end) - Number(first) + 1 }, (_, i) => Number(first) + i);
    });
    expect(named).toEqual(remoteNames.map((remote) => apps[remote].port).sort((a, b) => a - b));
  });
});
