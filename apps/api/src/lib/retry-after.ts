/** A refusal for too many tries says when to come back, in the Retry-After header as well as the body. */
export async function withRetryAfter<T>(reply: { header(name: string, value: string): unknown }, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const wait = (error as { details?: { retry_after_seconds?: number } }).details?.retry_after_seconds;
    if (wait) reply.header('Retry-After', String(wait));
    throw error;
  }
}
