// Growing and sealing the byte buffers a build writes into, sized ahead from what it expects.

/**
 * A larger buffer holding the first `used` bytes of `buffer`: sized for all `rows` at the average
 * so far (plus a tenth), so a build grows its buffers once or twice rather than every time.
 */
export function grow(buffer: Buffer, used: number, need: number, count: number, rows: number): Buffer {
  const projected = count > 0 ? Math.ceil((used / count) * rows * 1.1) : 0;
  const grown = Buffer.allocUnsafeSlow(Math.max(need, projected, Math.ceil(buffer.length * 1.25)));
  buffer.copy(grown, 0, 0, used);
  return grown;
}

/** The first `length` bytes; copied into an exact buffer only when the slack is worth returning. */
export function sealBuffer(buffer: Buffer, length: number): Buffer {
  if (buffer.length - length <= buffer.length / 8) return buffer.subarray(0, length);
  const exact = Buffer.allocUnsafeSlow(length);
  buffer.copy(exact, 0, 0, length);
  return exact;
}
