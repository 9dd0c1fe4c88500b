import type {
  ClaimAnswer,
  ClaimBody,
  HeartbeatAnswer,
  HeartbeatBody,
  RegisterAnswer,
  RegisterBody,
  ResultAnswer,
  ResultBody,
} from '../../server/src/providers/visma-admin/protocol';

/** The server refused our key (401): nothing to retry until someone enters the current key. */
export class KeyRefusedError extends Error {}

/** The server could not be reached or answered 5xx: retry later with backoff. */
export class ServerUnreachableError extends Error {}

/** The server refused the request itself (4xx other than 401): a bug or an outdated connector. */
export class RequestRefusedError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface ProtocolClientOptions {
  /** The portal's address, e.g. `https://portal.fairway.se`. */
  serverUrl: string;
  key: string;
  fetch?: typeof fetch;
}

/** The four calls of PROTOCOL.md over HTTPS, each with a time limit. */
export class ProtocolClient {
  private readonly base: string;
  private readonly fetchFn: typeof fetch;

  constructor(private readonly options: ProtocolClientOptions) {
    this.base = `${options.serverUrl.replace(/\/+$/, '')}/api/v1/connector`;
    this.fetchFn = options.fetch ?? fetch;
  }

  register(body: RegisterBody): Promise<RegisterAnswer> {
    return this.post('/register', body, 15_000);
  }

  heartbeat(body: HeartbeatBody = {}): Promise<HeartbeatAnswer> {
    return this.post('/heartbeat', body, 15_000);
  }

  /** Holds up to `waitSeconds` on the server; our own limit leaves room for that. */
  claim(body: ClaimBody, signal?: AbortSignal): Promise<ClaimAnswer> {
    return this.post('/work/claim', body, ((body.waitSeconds ?? 25) + 15) * 1000, signal);
  }

  result(id: string, body: ResultBody): Promise<ResultAnswer> {
    return this.post(`/work/${encodeURIComponent(id)}/result`, body, 60_000);
  }

  private async post<T>(path: string, body: unknown, timeoutMs: number, signal?: AbortSignal): Promise<T> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await this.fetchFn(`${this.base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.options.key}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ServerUnreachableError(`${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const text = await response.text().catch(() => '');
    if (response.status === 401) throw new KeyRefusedError('The server refused the connector key');
    if (response.status >= 500 || response.status === 429) {
      throw new ServerUnreachableError(`${path}: HTTP ${response.status}`);
    }
    if (!response.ok) throw new RequestRefusedError(response.status, `${path}: HTTP ${response.status} ${text.slice(0, 500)}`);
    return (JSON.parse(text) as { data: T }).data;
  }
}
