/** A failing fuzz case as a command a person can paste: curl with the method, URL, headers and body. */
import type { FuzzRequest } from './cases';

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

const printable = (text: string) => /^[\x20-\x7e\r\n\t]*$/.test(text);

export function curlCommand(request: FuzzRequest): string {
  const headers = Object.entries(request.headers).map(([name, value]) => `-H ${quote(`${name}: ${value}`)}`);
  if (request.role !== 'visitor' && !request.headers.authorization) {
    headers.push(`-H "authorization: Bearer $${request.role.toUpperCase()}_TOKEN"`);
  }
  const curl = ['curl', '-sS', '-i', '-X', request.method, quote(`$BASE${request.url}`).replace(/^'\$BASE/, `"$BASE"'`), ...headers];
  if (request.payload === undefined) return curl.join(' ');
  curl.push('--data-binary', '@-');
  if (request.bodyRecipe) return `${request.bodyRecipe} | ${curl.join(' ')}`;
  const text = typeof request.payload === 'string' ? request.payload : undefined;
  if (text !== undefined && printable(text) && text.length < 4000) return `printf '%s' ${quote(text)} | ${curl.join(' ')}`;
  const base64 = Buffer.from(request.payload).toString('base64');
  return `echo ${base64} | base64 -d | ${curl.join(' ')}`;
}
