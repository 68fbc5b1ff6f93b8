/** A call the outbound guard did not complete; `reason` says which limit stopped it. */
export class OutboundError extends Error {
  constructor(
    readonly reason: 'refused' | 'timeout' | 'too-large' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

/** The address is not public and the operator did not allow it, or the URL is not http(s). Final. */
export const refused = (message: string) => new OutboundError('refused', message);
