import { describe, expect, it } from 'vitest';
import { gitTargetOf } from './git-connections.service';

// What a GIT link reaches: one function for the connection's `environment` (GET git/connection)
// and the integrations page's GIT `target` (docs/git.md#what-reaches-a-real-system).
describe('gitTargetOf', () => {
  const realGit = 'https://git.example.se';
  const simulator = 'http://127.0.0.1:4100';
  const origins = { configured: [realGit], simulator };

  it('a link at a configured GIT origin is live', () => {
    expect(gitTargetOf({ environment: 'live', baseUrl: `${realGit}/api/v1` }, origins)).toBe('live');
  });

  it('a link the demo made to its simulator is the simulator', () => {
    expect(gitTargetOf({ environment: 'simulator', baseUrl: null }, origins)).toBe('simulator');
  });

  it('the built-in simulator’s address typed in by hand is the simulator, even when the operator listed its origin', () => {
    const typed = { environment: 'live', baseUrl: `${simulator}/git/api/v1` };
    expect(gitTargetOf(typed, origins)).toBe('simulator');
    expect(gitTargetOf(typed, { configured: [realGit, simulator], simulator })).toBe('simulator');
  });

  it('an address at no configured origin (the configuration changed since) is the simulator', () => {
    expect(gitTargetOf({ environment: 'live', baseUrl: 'https://old-git.example.se/api' }, origins)).toBe('simulator');
  });

  it('without a link: live only when a GIT origin other than the simulator’s is configured', () => {
    expect(gitTargetOf(null, origins)).toBe('live');
    expect(gitTargetOf(null, { configured: [], simulator })).toBe('simulator');
    expect(gitTargetOf(null, { configured: [simulator], simulator })).toBe('simulator');
    expect(gitTargetOf(null, { configured: [realGit], simulator: null })).toBe('live');
  });
});
